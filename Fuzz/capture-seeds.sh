#!/usr/bin/env bash
# Captures real replies from the project's sandbox as seeds for the connector targets whose
# tests hold no literal replies (Supabase rows, OpenID discovery, key sets and tokens, RPP's
# sign-in and orders, the GraphQL gateway). Needs a debug build (`swift build`); writes into
# Fuzz/Corpus/TARGET/ (each seed behind a 0 byte: HTTP 200 for the targets that read a
# selector first). Run it again when the sandbox's replies change; the seeds are committed.
set -euo pipefail
cd "$(dirname "$0")"
sandbox=$(cd .. && swift build --show-bin-path)/outpost-sandbox
out=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$out"' EXIT
"$sandbox" --port 0 >"$out/sandbox.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "listening on" "$out/sandbox.log" && break; sleep 0.1; done
base=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$out/sandbox.log" | head -1)

seed() { # TARGET FILE
  mkdir -p "Corpus/$1"
  local name
  name=$(sha1sum "$2" | cut -c1-16)
  { printf '\0'; cat "$2"; } >"Corpus/$1/$name"
}
get() { curl -sS --max-time 20 "$@"; }

# Supabase (ViiRaa, Agility): a session, every table, and Auth's and PostgREST's refusals.
supabase() { # PROJECT KEY EMAIL PASSWORD TABLES...
  local project=$1 key=$2 email=$3 password=$4
  shift 4
  get -X POST "$base/$project/auth/v1/token?grant_type=password" -H "apikey: $key" \
    -H 'content-type: application/json' -d "{\"email\":\"$email\",\"password\":\"$password\"}" >"$out/session"
  seed supabase "$out/session"
  local token
  token=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["access_token"])' "$out/session")
  for table in "$@"; do
    get "$base/$project/rest/v1/$table?limit=5" -H "apikey: $key" -H "Authorization: Bearer $token" >"$out/rows"
    seed supabase "$out/rows"
  done
  get -X POST "$base/$project/auth/v1/token?grant_type=password" -H "apikey: $key" \
    -H 'content-type: application/json' -d "{\"email\":\"$email\",\"password\":\"wrong\"}" >"$out/refusal"
  seed supabase "$out/refusal"
  get "$base/$project/rest/v1/no_such_table" -H "apikey: $key" -H "Authorization: Bearer $token" >"$out/refusal"
  seed supabase "$out/refusal"
}
supabase viiraa sandbox-viiraa-anon-key libre@example.com demo-viiraa-2026 \
  profiles glucose_readings weight_readings activity_days coaching_reminders insights
supabase agility sandbox-agility-anon-key freelancer@example.com demo-agility-2026 \
  accounts categories clients transactions "invoices?select=*,invoice_line_items(*)"

# Keycloak: discovery, key set, a token reply, a device authorization and the errors.
realm=$(get "$base/__admin/state?service=keycloak" | python3 -c 'import json,sys; s=json.load(sys.stdin); r=s.get("realms") or s; print(sorted(r)[0] if isinstance(r, dict) else r[0]["name"])' 2>/dev/null || echo the-agile-network)
issuer="$base/keycloak/realms/$realm"
get "$issuer/.well-known/openid-configuration" >"$out/discovery" && seed oidc "$out/discovery"
get "$issuer/protocol/openid-connect/certs" >"$out/jwks" && { printf '\x20'; cat "$out/jwks"; } >"Corpus/oidc/$(sha1sum "$out/jwks" | cut -c1-16)-jwks"
get -X POST "$issuer/protocol/openid-connect/auth/device" -d client_id=outpost >"$out/device" && seed oidc "$out/device"
get -X POST "$issuer/protocol/openid-connect/token" -d grant_type=password -d client_id=outpost \
  -d username=fan@example.com -d password=demo-fan-2026 -d scope=openid >"$out/token" && seed oidc "$out/token"
get -X POST "$issuer/protocol/openid-connect/token" -d grant_type=refresh_token -d client_id=outpost \
  -d refresh_token=forged >"$out/refusal" && seed oidc "$out/refusal"

# RPP: Firebase sign-in, its refusal, the orders and conversations.
auth="$base/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=sandbox-rpp-api-key"
get -X POST "$auth" -H 'content-type: application/json' \
  -d '{"email":"ana@bayrealty.com","password":"sandbox-password","returnSecureToken":true}' >"$out/signin"
seed rpp "$out/signin"
get -X POST "$auth" -H 'content-type: application/json' \
  -d '{"email":"ana@bayrealty.com","password":"wrong","returnSecureToken":true}' >"$out/refusal"
seed rpp "$out/refusal"
idtoken=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["idToken"])' "$out/signin")
for path in orders "orders?updatedSince=2020-01-01T00:00:00Z" conversations services policy; do
  get "$base/rpp/v1/$path" -H "Authorization: Bearer $idtoken" >"$out/rpp" && seed rpp "$out/rpp"
done

# The GraphQL gateway: a query's reply and an error reply, with the realm's access token.
access=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("access_token",""))' "$out/token" 2>/dev/null || true)
graphql() {
  get -X POST "$base/agile/$realm/graphql" -H 'content-type: application/json' \
    -H "Authorization: Bearer $access" -d "$1" >"$out/graphql" && cp "$out/graphql" "Corpus/graphql/$(sha1sum "$out/graphql" | cut -c1-16)"
}
mkdir -p Corpus/graphql
graphql '{"query":"{ me { id displayName } experts(first: 3) { edges { node { id name bio } } } }"}'
graphql '{"query":"{ nosuchfield }"}'
graphql '{"query":"{ changes(first: 5) { edges { node { __typename } } } }"}'
for target in supabase oidc rpp graphql; do echo "$target: $(ls "Corpus/$target" | wc -l) seeds"; done
