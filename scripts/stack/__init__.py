"""Local native stack (no Docker): Postgres, mail capture, BFF and the nginx gateway."""
