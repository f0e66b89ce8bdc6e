{{/* The containers' environments: the compose file's, service by service (deploy/tests keep them equal). */}}

{{- define "toolkit.bffEnv" -}}
{{ include "toolkit.databaseUrlEnv" . }}
{{ include "toolkit.secretEnv" (dict "root" . "name" "TOOLKIT_JWT_SECRET" "item" "jwtSecret") }}
- name: TOOLKIT_JWKS_URL
  value: {{ .Values.supabase.jwksUrl | default (printf "%s/.well-known/jwks.json" (tpl .Values.supabase.authUrl .)) | quote }}
- name: TOOLKIT_JWT_ISSUER
  value: {{ .Values.supabase.jwtIssuer | quote }}
- name: TOOLKIT_PUBLIC_URL
  value: {{ .Values.siteUrl | quote }}
- name: TOOLKIT_AUTH_URL
  value: {{ tpl .Values.supabase.authUrl . | quote }}
{{ include "toolkit.secretEnv" (dict "root" . "name" "TOOLKIT_SERVICE_ROLE_KEY" "item" "serviceRoleKey") }}
- name: TOOLKIT_CORS_ORIGINS
  value: {{ .Values.bff.corsOrigins | quote }}
# One hop: the app's nginx, which sends the client's address alone.
- name: TOOLKIT_TRUSTED_PROXIES
  value: "1"
- name: GUNICORN_WORKERS
  value: {{ .Values.bff.workers | quote }}
# While Redis is away each worker allows limit ÷ (GUNICORN_WORKERS × this): the most pods that may run.
- name: TOOLKIT_REPLICAS
  value: {{ include "toolkit.bffMostReplicas" . | quote }}
# /api/health answers 503 while the database lacks a migration this image's code needs.
- name: TOOLKIT_SCHEMA_LEVEL
  value: {{ include "toolkit.schemaLevel" . | quote }}
- name: TOOLKIT_OUTBOUND_ALLOW_NETWORKS
  value: {{ .Values.bff.internalNetworks | quote }}
{{- if .Values.redis.enabled }}
- name: TOOLKIT_RATE_LIMIT_STORAGE_URI
  value: {{ printf "redis://%s:6379/0" (include "toolkit.name" (dict "root" . "component" "redis")) | quote }}
{{- else }}
{{ include "toolkit.secretEnv" (dict "root" . "name" "TOOLKIT_RATE_LIMIT_STORAGE_URI" "item" "redisUrl") }}
{{- end }}
- name: LIBRETRANSLATE_URL
  value: {{ include "toolkit.libretranslateUrl" . | quote }}
{{ include "toolkit.secretEnv" (dict "root" . "name" "LIBRETRANSLATE_API_KEY" "item" "libretranslateApiKey" "optional" true) }}
- name: APERTIUM_APY_URL
  value: {{ .Values.bff.translation.apertiumApyUrl | quote }}
- name: TOOLKIT_TRANSLATION_ENGINE
  value: {{ .Values.bff.translation.engine | quote }}
{{- include "toolkit.extraEnv" .Values.bff.env }}
{{- end -}}

{{- define "toolkit.redirectEnv" -}}
- name: REDIRECT_BIND
  value: "0.0.0.0:5001"
- name: REDIRECT_WORKERS
  value: {{ .Values.redirect.workers | quote }}
{{ include "toolkit.databaseUrlEnv" . }}
# Each click is written here before its redirect is sent: a killed worker (or container) loses none.
- name: TOOLKIT_REDIRECT_JOURNAL_DIR
  value: /var/lib/toolkit-redirect
{{- include "toolkit.extraEnv" .Values.redirect.env }}
{{- end -}}

{{- define "toolkit.appEnv" -}}
- name: TRUSTED_PROXY_CIDRS
  value: {{ .Values.app.trustedProxyCidrs | quote }}
- name: BFF_UPSTREAM
  value: {{ include "toolkit.serviceUrl" (dict "root" . "component" "bff" "port" 5000) | quote }}
- name: REDIRECT_UPSTREAM
  value: {{ include "toolkit.serviceUrl" (dict "root" . "component" "redirect" "port" 5001) | quote }}
- name: SUPABASE_UPSTREAM
  value: {{ tpl .Values.supabase.gatewayUrl . | quote }}
- name: NGINX_RESOLVER
  value: {{ .Values.app.resolver | quote }}
{{- end -}}
