-- Sample data for local development: a few public pastes and short links without an owner.
-- Users (including the demo accounts) are created through the Auth API by scripts, never here.
-- Anonymous rows need an edit-token hash; these tokens are "seed-token-1" … and only for local use.
insert into public.pastes (id, title, content, language, privacy, edit_token_hash, created_at, updated_at) values
  ('WelcomeTkt', 'Welcome to pastes',
   E'Pastes keep text and code for sharing.\n\n- public: listed under Recent\n- unlisted: anyone with the link\n- private: only you\n',
   'markdown', 'public', public.hash_edit_token('seed-token-1'), now() - interval '3 hours', now() - interval '3 hours'),
  ('FizzBuzzPy', 'FizzBuzz in Python',
   E'for n in range(1, 101):\n    print("Fizz" * (n % 3 == 0) + "Buzz" * (n % 5 == 0) or n)\n',
   'python', 'public', public.hash_edit_token('seed-token-2'), now() - interval '2 hours', now() - interval '2 hours'),
  ('NginxCache', 'nginx: cache static assets',
   E'location /assets/ {\n    expires 1y;\n    add_header Cache-Control "public, immutable";\n}\n',
   'nginx', 'public', public.hash_edit_token('seed-token-3'), now() - interval '1 hour', now() - interval '1 hour')
on conflict (id) do nothing;

insert into public.shortened_urls (original_url, short_code) values
  ('https://supabase.com/docs', 'docs-supabase'),
  ('https://www.postgresql.org/docs/15/ddl-rowsecurity.html', 'pg-rls'),
  ('https://github.com', 'Gh7Hub2')
on conflict (short_code) do nothing;
