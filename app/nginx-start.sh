#!/bin/sh
# Entrypoint of the app image (app/Dockerfile): renders the proxies whose X-Forwarded-For nginx may
# believe, then runs nginx with app/nginx.conf (extra arguments are passed on to nginx).
#
# TRUSTED_PROXY_CIDRS: addresses or CIDR blocks (IPv4 or IPv6), separated by commas or spaces, of the
# proxies in front of this container — the TLS-terminating proxy, a CDN. Connections from them have
# their client taken from X-Forwarded-For (app/nginx.conf: real_ip_header, real_ip_recursive); from
# anyone else the header is ignored. Empty (the default): no one is trusted, the peer is the client.
set -eu

out="${TMPDIR:-/tmp}/nginx-real-ip.conf"  # the root filesystem is read-only; /tmp is a tmpfs
echo "# Rendered by nginx-start.sh from TRUSTED_PROXY_CIDRS" > "$out"
for cidr in $(echo "${TRUSTED_PROXY_CIDRS:-}" | tr ',' ' '); do
  case "$cidr" in
    *[!0-9A-Fa-f.:/]* | "" | */*/*)
      echo "nginx-start: TRUSTED_PROXY_CIDRS: '$cidr' is not an IP address or CIDR block" >&2
      exit 64 ;;
  esac
  echo "set_real_ip_from $cidr;" >> "$out"
done

exec nginx -g 'daemon off;' "$@"
