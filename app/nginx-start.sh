#!/bin/sh
# Entrypoint of the app image (app/Dockerfile): renders the proxies whose X-Forwarded-For nginx may
# believe and where it proxies to, then runs nginx with app/nginx.conf (extra arguments are passed on
# to nginx).
#
# TRUSTED_PROXY_CIDRS: addresses or CIDR blocks (IPv4 or IPv6), separated by commas or spaces, of the
# proxies in front of this container — the TLS-terminating proxy, a CDN. Connections from them have
# their client taken from X-Forwarded-For (app/nginx.conf: real_ip_header, real_ip_recursive); from
# anyone else the header is ignored. Empty (the default): no one is trusted, the peer is the client.
#
# BFF_UPSTREAM, REDIRECT_UPSTREAM, SUPABASE_UPSTREAM: scheme://host[:port] (no path) of the BFF, the
# redirect service and Supabase's API gateway (Kong, or a hosted project: https://<ref>.supabase.co).
# Defaults: the compose file's services. A hosted (https) Supabase is sent its own host name (Host
# and SNI), Kong the visitor's.
# NGINX_RESOLVER: the DNS server nginx resolves those names with, per request; default: the first
# nameserver of /etc/resolv.conf (Docker's embedded DNS in compose, the cluster's DNS in Kubernetes,
# where names must be fully qualified: nginx applies no search domain).
set -eu
dir="${TMPDIR:-/tmp}"  # the root filesystem is read-only; /tmp is a tmpfs

fail() {
  echo "nginx-start: $*" >&2
  exit 64
}

real_ip="$dir/nginx-real-ip.conf"
echo "# Rendered by nginx-start.sh from TRUSTED_PROXY_CIDRS" > "$real_ip"
for cidr in $(echo "${TRUSTED_PROXY_CIDRS:-}" | tr ',' ' '); do
  case "$cidr" in
    *[!0-9A-Fa-f.:/]* | "" | */*/*) fail "TRUSTED_PROXY_CIDRS: '$cidr' is not an IP address or CIDR block" ;;
  esac
  echo "set_real_ip_from $cidr;" >> "$real_ip"
done

# An URL with a path would replace the request's path (proxy_pass with a variable); anything but a
# host name and port could end the nginx directive it is written into.
check_upstream() {
  case "$2" in
    http://?* | https://?*) ;;
    *) fail "$1: '$2' is not an http:// or https:// URL" ;;
  esac
  case "${2#*://}" in
    *[!0-9A-Za-z.:_-]*) fail "$1: '$2' must be scheme://host[:port], with no path" ;;
  esac
}
bff="${BFF_UPSTREAM:-http://bff:5000}"
redirect="${REDIRECT_UPSTREAM:-http://redirect:5001}"
supabase="${SUPABASE_UPSTREAM:-http://kong:8000}"
check_upstream BFF_UPSTREAM "$bff"
check_upstream REDIRECT_UPSTREAM "$redirect"
check_upstream SUPABASE_UPSTREAM "$supabase"
case "$supabase" in
  https://*) supabase_host="${supabase#https://}" ;;
  *) supabase_host='$http_host' ;;
esac

resolver="${NGINX_RESOLVER:-$(awk '$1 == "nameserver" { print $2; exit }' /etc/resolv.conf 2>/dev/null || true)}"
case "$resolver" in
  *[!0-9A-Fa-f.:]* | "") fail "NGINX_RESOLVER: '$resolver' is not an IP address (and /etc/resolv.conf names no nameserver)" ;;
  *:*) resolver="[$resolver]" ;;
esac

# The redirect service is an upstream block (kept connections, app/nginx.conf), so plain http and a
# port. Its name is re-resolved through the resolver with `resolve` (nginx 1.27.3, the image's); an
# older nginx (Debian's, in the tests) resolves it once at start, so it must exist then.
case "$redirect" in
  https://*) fail "REDIRECT_UPSTREAM: '$redirect' must be http:// (the service speaks plain HTTP)" ;;
esac
redirect_server="${redirect#http://}"
case "$redirect_server" in
  \[*\]:* | [!\[]*:*) ;;
  *) redirect_server="$redirect_server:80" ;;
esac
resolve=""
nginx_version=$(nginx -v 2>&1 | sed -n 's|.*nginx/\([0-9.]*\).*|\1|p')
if echo "$nginx_version" | awk -F. '{ exit !($1 * 1000000 + $2 * 1000 + $3 >= 1027003) }'; then
  case "${redirect_server%:*}" in
    *[!0-9.]*) case "$redirect_server" in \[*) ;; *) resolve=" resolve" ;; esac ;;
  esac
fi

http_upstreams="$dir/nginx-http-upstreams.conf"
{
  echo "# Rendered by nginx-start.sh from REDIRECT_UPSTREAM and NGINX_RESOLVER"
  echo "resolver $resolver valid=10s ipv6=off;"
  echo "upstream redirect {"
  echo "  zone redirect 64k;"
  echo "  server $redirect_server$resolve;"
  echo "  keepalive 64;"
  echo "  keepalive_timeout 1s;  # idle ones close here first: the service ends them after 5 s"
  echo "  keepalive_requests 1000000;"
  echo "}"
} > "$http_upstreams"

upstreams="$dir/nginx-upstreams.conf"
{
  echo "# Rendered by nginx-start.sh from BFF_UPSTREAM and SUPABASE_UPSTREAM"
  echo "set \$bff_upstream $bff;"
  echo "set \$supabase_upstream $supabase;"
  echo "set \$supabase_host $supabase_host;"
} > "$upstreams"

exec nginx -g 'daemon off;' "$@"
