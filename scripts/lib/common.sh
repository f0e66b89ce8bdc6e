# Shared helpers for the bash entry points in scripts/.
log() { printf '\033[1;34m[toolkit]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[toolkit] error:\033[0m %s\n' "$*" >&2; exit 1; }
