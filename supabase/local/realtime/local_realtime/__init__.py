"""The local Realtime service: Supabase Realtime's postgres_changes over Phoenix channels."""
