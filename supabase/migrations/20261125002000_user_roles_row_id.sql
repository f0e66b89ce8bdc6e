-- Realtime cannot check a DELETE against row-level security (the row is gone), so it sends every
-- subscriber of the table the deleted row's primary key (upstream's realtime.apply_rls). With
-- (user_id, role) as the key, any signed-in user subscribed to user_roles learned whose admin rights
-- were revoked. A row id as the key tells them nothing; (user_id, role) stays unique.
alter table public.user_roles add column id bigint generated always as identity;
alter table public.user_roles drop constraint user_roles_pkey;
alter table public.user_roles add constraint user_roles_pkey primary key (id);
alter table public.user_roles add constraint user_roles_user_id_role_key unique (user_id, role);
