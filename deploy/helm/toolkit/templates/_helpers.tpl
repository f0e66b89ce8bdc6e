{{/* Names, labels and the pieces every workload shares. */}}

{{- define "toolkit.fullname" -}}
{{- if contains "toolkit" .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-toolkit" .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* A component's name: <fullname>-<component> (bff, redirect, app, redis, libretranslate, migrate). */}}
{{- define "toolkit.name" -}}
{{- printf "%s-%s" (include "toolkit.fullname" .root) .component -}}
{{- end -}}

{{- define "toolkit.selectorLabels" -}}
app.kubernetes.io/name: toolkit
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "toolkit.labels" -}}
{{ include "toolkit.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{- define "toolkit.metadata" -}}
name: {{ include "toolkit.name" . }}
labels:
  {{- include "toolkit.labels" . | nindent 2 }}
{{- end -}}

{{/* In-cluster URL of a component's Service, fully qualified (nginx applies no search domain). */}}
{{- define "toolkit.serviceUrl" -}}
{{- printf "http://%s.%s.svc.%s:%v" (include "toolkit.name" .) .root.Release.Namespace .root.Values.clusterDomain .port -}}
{{- end -}}

{{- define "toolkit.image" -}}
{{- $image := index .root.Values.images .image -}}
{{- printf "%s:%s" $image.repository (default .root.Chart.AppVersion $image.tag) -}}
{{- end -}}

{{/* The Secret an entry of secretKeys is read from. */}}
{{- define "toolkit.secretName" -}}
{{- $root := .root -}}
{{- index $root.Values.secretNames .item | default $root.Values.existingSecret | default (include "toolkit.fullname" $root) -}}
{{- end -}}

{{/* An env entry read from the Secret: (dict "root" $ "name" "TOOLKIT_JWT_SECRET" "item" "jwtSecret"). */}}
{{- define "toolkit.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "toolkit.secretName" . }}
      key: {{ index .root.Values.secretKeys .item }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/* Pods restart when the chart's own Secret changes. */}}
{{- define "toolkit.secretChecksum" -}}
checksum/secret: {{ include (print .Template.BasePath "/secret.yaml") . | sha256sum }}
{{- end -}}

{{/* TOOLKIT_DATABASE_URL as authenticator: the password from the Secret, URL-encoded there. */}}
{{- define "toolkit.databaseUrlEnv" -}}
{{- $db := .Values.database -}}
{{ include "toolkit.secretEnv" (dict "root" . "name" "TOOLKIT_DATABASE_PASSWORD" "item" "databasePassword") }}
- name: TOOLKIT_DATABASE_URL
  value: {{ printf "postgresql://%s:$(TOOLKIT_DATABASE_PASSWORD)@%s:%v/%s%s" $db.user (tpl $db.host .) $db.port $db.name (ternary (printf "?sslmode=%s" $db.sslmode) "" (ne $db.sslmode "")) | quote }}
{{- end -}}

{{/* Where the BFF finds its translator: LIBRETRANSLATE_URL as set, else the chart's own server. */}}
{{- define "toolkit.libretranslateUrl" -}}
{{- if .Values.bff.translation.libretranslateUrl -}}
{{- .Values.bff.translation.libretranslateUrl -}}
{{- else if .Values.libretranslate.enabled -}}
{{- include "toolkit.serviceUrl" (dict "root" . "component" "libretranslate" "port" 5000) -}}
{{- end -}}
{{- end -}}

{{/* Non-root, no privilege escalation, no capabilities, read-only root filesystem. */}}
{{- define "toolkit.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .gid | default .uid }}
fsGroup: {{ .gid | default .uid }}
seccompProfile:
  {{- toYaml (.seccompProfile | default (dict "type" "RuntimeDefault")) | nindent 2 }}
{{- end -}}

{{- define "toolkit.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end -}}

{{- define "toolkit.podScheduling" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
automountServiceAccountToken: false
{{- end -}}

{{/* Extra plain variables given as NAME: value. */}}
{{- define "toolkit.extraEnv" -}}
{{- range $name, $value := . }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* The newest migration the chart carries (files/migrations: the checkout's supabase/migrations), the
level the BFF image built from the same checkout expects (TOOLKIT_SCHEMA_LEVEL: the image carries no
migrations of its own to read it from). */}}
{{- define "toolkit.schemaLevel" -}}
{{- $newest := "" -}}
{{- range $path, $_ := .Files.Glob "files/migrations/*.sql" -}}{{- /* in sorted order: the last is the newest */ -}}
{{- $newest = base $path | splitList "_" | first -}}
{{- end -}}
{{- $newest -}}
{{- end -}}
