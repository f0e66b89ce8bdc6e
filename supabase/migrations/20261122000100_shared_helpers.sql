-- Helpers shared by the tables that follow.

-- Random codes for short links and paste ids: letters and digits without look-alikes
-- (no 0/O/o, 1/l/I/i), drawn from pgcrypto's CSPRNG without modulo bias.
create function public.random_code(code_length integer)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := '23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  code text := '';
  bytes bytea;
  b integer;
begin
  if code_length is null or code_length < 1 or code_length > 64 then
    raise exception 'code_length must be between 1 and 64' using errcode = '22023';
  end if;
  while char_length(code) < code_length loop
    bytes := extensions.gen_random_bytes(code_length * 2);
    for i in 0 .. length(bytes) - 1 loop
      b := get_byte(bytes, i);
      -- 220 = 4 × 55: bytes above it would favour the first characters, so they are dropped.
      if b < 220 and char_length(code) < code_length then
        code := code || substr(alphabet, b % 55 + 1, 1);
      end if;
    end loop;
  end loop;
  return code;
end;
$$;

create function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function public.random_code(integer) from public, anon, authenticated;
revoke all on function public.touch_updated_at() from public, anon, authenticated;
