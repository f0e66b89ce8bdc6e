"""What every tool shares: each file-tool request runs as a bounded job (child_jobs.py) in a warm job
process (job_pool.py, job_process.py, job_child.py, job_answer.py, reaping.py) holding a slot (slots.py,
shared_counts.py) with a scratch directory (scratch.py) and a session whose processes die together
(sessions.py, processes.py), under the limits (limits.py). Uploads are read and typed by
their bytes (uploads.py, filetypes.py), opened safely (images.py, pdfdocs.py), their options checked
(options.py), and results sent back as files or one streamed ZIP (files.py). See README.md."""
