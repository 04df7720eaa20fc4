#!/usr/bin/env bash
# By hand, what Tests/OutpostTests/Glewlwyd/GlewlwydServer.swift sets up, with curl playing both
# Outpost and the browser: Glewlwyd on 127.0.0.1 with a throw-away SQLite database, configured
# through its admin API from the JSON next to this script, then a PKCE sign-in, a refresh and a
# device sign-in. For poking at Glewlwyd when the Swift test says something odd.
#
#   Tests/Support/glewlwyd/walkthrough.sh          run it all, then stop Glewlwyd
#   Tests/Support/glewlwyd/walkthrough.sh --keep   leave Glewlwyd running (its URL is printed)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
keep=false
[ "${1:-}" = --keep ] && keep=true
python=/usr/bin/python3
for tool in /usr/bin/glewlwyd /usr/bin/sqlite3 /usr/bin/openssl /usr/bin/curl "$python"; do
  [ -x "$tool" ] || {
    echo "walkthrough: $tool is missing: run contrib/setup.sh" >&2
    exit 1
  }
done

work=$(mktemp -d /tmp/glewlwyd-walk-XXXXXX)
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
api="http://127.0.0.1:$port/realms"
realm=outpost-e2e
issuer="$api/$realm"
client=outpost-desktop
json() { "$python" -c "import json, sys; print(json.load(sys.stdin)$1)"; }

sqlite3 "$work/glewlwyd.db" </usr/share/dbconfig-common/data/glewlwyd/install/sqlite3
sed -e "s|@PORT@|$port|g" -e "s|@DATABASE@|$work/glewlwyd.db|g" "$here/glewlwyd.conf" >"$work/glewlwyd.conf"
/usr/bin/glewlwyd --config-file="$work/glewlwyd.conf" >"$work/glewlwyd.log" 2>&1 &
pid=$!
$keep || trap 'kill $pid; rm -rf "$work"' EXIT
for _ in $(seq 200); do
  curl -s -o /dev/null "$api/auth/scheme/" && break
  kill -0 $pid 2>/dev/null || {
    cat "$work/glewlwyd.log" >&2
    exit 1
  }
  sleep 0.05
done
echo "Glewlwyd on $api (log: $work/glewlwyd.log)"

# The administrator (the package's seed: admin / password) adds the scope, user, client, plugin.
admin="$work/admin.cookies"
post() { curl -sf -b "$admin" -H 'Content-Type: application/json' -X "$1" --data-binary @- "$api$2" >/dev/null; }
curl -sf -c "$admin" -H 'Content-Type: application/json' -d '{"username":"admin","password":"password"}' "$api/auth/"
post POST /scope/ <"$here/scope-offline_access.json"
post POST /user/ <"$here/user.json"
post POST /client/ <"$here/client.json"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/key.pem" 2>/dev/null
openssl pkey -in "$work/key.pem" -pubout -out "$work/cert.pem"
"$python" - "$here/oidc-plugin.json" "$issuer" "$work/key.pem" "$work/cert.pem" <<'EOF' | post POST /mod/plugin/
import json, sys
plugin = json.load(open(sys.argv[1]))
plugin["parameters"].update(iss=sys.argv[2], key=open(sys.argv[3]).read(), cert=open(sys.argv[4]).read())
print(json.dumps(plugin))
EOF
echo "Discovery: $issuer/.well-known/openid-configuration"

# The user signs in at the login API and consents, as Glewlwyd's login page does.
user="$work/user.cookies"
username=$(json '["username"]' <"$here/user.json")
password=$(json '["password"]' <"$here/user.json")
"$python" -c 'import json, sys; print(json.dumps({"username": sys.argv[1], "password": sys.argv[2]}))' "$username" "$password" |
  curl -sf -c "$user" -H 'Content-Type: application/json' --data-binary @- "$api/auth/"
curl -sf -b "$user" -X PUT -H 'Content-Type: application/json' -d '{"scope":"openid offline_access"}' "$api/auth/grant/$client"

# PKCE sign-in. Glewlwyd wants the exact redirect URI, port included: register it first.
redirect="http://127.0.0.1:$port/callback-that-nobody-serves"
"$python" -c 'import json, sys; c = json.load(open(sys.argv[1])); c["redirect_uri"] = [sys.argv[2]]; print(json.dumps(c))' \
  "$here/client.json" "$redirect" | post PUT "/client/$client"
verifier=$(openssl rand -hex 32)
challenge=$(printf %s "$verifier" | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | tr -d '=')
location=$(curl -s -o /dev/null -w '%{redirect_url}' -b "$user" -G "$issuer/auth" \
  --data-urlencode response_type=code --data-urlencode client_id=$client --data-urlencode "redirect_uri=$redirect" \
  --data-urlencode "scope=openid offline_access" --data-urlencode state=s --data-urlencode nonce=n \
  --data-urlencode "code_challenge=$challenge" --data-urlencode code_challenge_method=S256 --data-urlencode g_continue=)
code=$("$python" -c 'import sys, urllib.parse as u; print(u.parse_qs(u.urlsplit(sys.argv[1]).query)["code"][0])' "$location")
tokens=$(curl -sf "$issuer/token" -d grant_type=authorization_code -d "code=$code" --data-urlencode "redirect_uri=$redirect" \
  -d client_id=$client -d "code_verifier=$verifier")
refresh=$(json '["refresh_token"]' <<<"$tokens")
echo "Signed in; ID token claims:"
json '["id_token"]' <<<"$tokens" | cut -d. -f2 | tr '_-' '/+' | "$python" -c 'import base64, sys; s = sys.stdin.read().strip(); print(base64.b64decode(s + "=" * (-len(s) % 4)).decode())'
echo "Refresh (note: no new refresh_token, Glewlwyd does not rotate by default):"
curl -sf "$issuer/token" -d grant_type=refresh_token -d "refresh_token=$refresh" -d client_id=$client | json '.keys()'
echo "Logout as Outpost sends it (POST end_session): HTTP $(curl -s -o /dev/null -w '%{http_code}' "$issuer/end_session" -d client_id=$client -d "refresh_token=$refresh")"
echo "Revocation as a public client: HTTP $(curl -s -o /dev/null -w '%{http_code}' "$issuer/revoke" -d client_id=$client -d "token=$refresh" -d token_type_hint=refresh_token)"
echo "The refresh token after both: HTTP $(curl -s -o /dev/null -w '%{http_code}' "$issuer/token" -d grant_type=refresh_token -d "refresh_token=$refresh" -d client_id=$client)"

# Device grant: the user confirms the user code at the verification address.
device=$(curl -sf "$issuer/device_authorization" -d client_id=$client --data-urlencode "scope=openid offline_access")
curl -s -o /dev/null -b "$user" "$(json '["verification_uri_complete"]' <<<"$device")&g_continue"
echo "Device grant:"
curl -sf "$issuer/token" -d grant_type=urn:ietf:params:oauth:grant-type:device_code \
  -d "device_code=$(json '["device_code"]' <<<"$device")" -d client_id=$client | json '.keys()'
$keep && echo "Glewlwyd keeps running (pid $pid, files in $work)"
