{{/* A HorizontalPodAutoscaler and a PodDisruptionBudget for a component: (dict "root" $ "component" "bff"). */}}

{{- define "toolkit.hpa" -}}
{{- $settings := index .root.Values .component -}}
{{- if $settings.autoscaling.enabled -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  {{- include "toolkit.metadata" . | nindent 2 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "toolkit.name" . }}
  minReplicas: {{ $settings.autoscaling.minReplicas }}
  maxReplicas: {{ $settings.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $settings.autoscaling.targetCPUUtilizationPercentage }}
{{- end -}}
{{- end -}}

{{- define "toolkit.pdb" -}}
{{- $settings := index .root.Values .component -}}
{{- if $settings.pdb.enabled -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  {{- include "toolkit.metadata" . | nindent 2 }}
spec:
  # maxUnavailable, not minAvailable: a single replica can still be drained.
  maxUnavailable: {{ $settings.pdb.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "toolkit.selectorLabels" . | nindent 6 }}
{{- end -}}
{{- end -}}

{{/* The BFF pods a rolling update may start beyond the wanted count (its Deployment's maxSurge). */}}
{{- define "toolkit.bffSurge" -}}1{{- end -}}

{{/* The most BFF pods that may run at once: the autoscaler's maximum (without it, the fixed count) and
a rolling update's surge. TOOLKIT_REPLICAS: while Redis is away each worker allows limit ÷ (workers ×
this), so that all of them together stay within each limit. */}}
{{- define "toolkit.bffMostReplicas" -}}
{{- $bff := .Values.bff -}}
{{- add (ternary $bff.autoscaling.maxReplicas $bff.replicas $bff.autoscaling.enabled) (include "toolkit.bffSurge" .) -}}
{{- end -}}
