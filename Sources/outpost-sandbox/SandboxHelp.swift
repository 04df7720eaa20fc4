/// The long help of `outpost-sandbox`: what each service imitates, the wire contract scripts
/// rely on, and the admin API. Kept apart from the options so each file reads on its own.
enum SandboxHelp {
  static let discussion = """
    outpost-sandbox hosts fake upstream services on one port, by default all of \
    them; --service NAME (repeatable) mounts only those named, and the others' \
    paths answer 404.

    On start it prints one line to stdout, then one line per mounted service,
    then serves until SIGTERM or SIGINT (scripts read the first line):
      outpost-sandbox listening on http://127.0.0.1:PORT
        volleymanager http://127.0.0.1:PORT
        tasks http://127.0.0.1:PORT/tasks
        keycloak http://127.0.0.1:PORT/keycloak
        rpp http://127.0.0.1:PORT/rpp/v1
        viiraa http://127.0.0.1:PORT/viiraa
        agility http://127.0.0.1:PORT/agility
        agilenetwork http://127.0.0.1:PORT/agile

    Outpost ships none of these addresses or keys as defaults. \
    `outpost-sandbox --print-presets --port PORT` prints, and exits, the \
    `outpost account add` flags that point each kind of account at a sandbox on \
    PORT, and the [[agile.brands]] entries to append to Outpost's config.toml.

    VOLLEYMANAGER (--service volleymanager, at the root /)
    It imitates VolleyManager (volleymanager.volleyball.ch) closely \
    enough to test a real client against it: the login page with its hidden form \
    tokens, the Neos_Flow_Session cookie that rotates on every login attempt, the \
    dashboard with the CSRF token, the active party and the iCal code, \
    switchRoleAndAttribute (text/plain only), getActiveIndoorSeason, logout, and \
    406 for a stale session. Each user gets seeded data per association (--seed, \
    --assignments): games from 60 days back to 8 months ahead, some cancelled, \
    moved or validated, compensations, and an exchange board.

    Data endpoints (session cookie and __csrfToken in the form body; lists are
    scoped to the active association; under /api/indoorvolleyball.refadmin/api%5C):
      POST refereeconvocation/searchMyRefereeConvocations    assignments
      POST refereeconvocationcompensation/search             compensations
      PUT  convocationcompensation                           edit distance/reason
      POST refereegameexchange/search      empty without a date-range filter
      PUT  refereegameexchange/pickFromRefereeGameExchange
      POST refereeconvocation/putRefereeConvocationIntoRefereeGameExchange
      POST refereeconvocation/deleteFromRefereeGameExchange
    searchConfiguration[offset]/[limit] page the lists (limit 10 if absent, at
    most 100). The iCal feed needs no session and spans all associations:
      GET  /indoor/iCal/referee/<code>     ETag/Last-Modified, 304 when unchanged

    Demo accounts (used unless --user is given):
      referee@example.ch    demo-referee-2026    Lena Graf, SV and SVRZ
      twofactor@example.ch  demo-twofactor-2026  stops at the second factor

    VolleyManager's own admin endpoints, JSON in and out. They are never
    delayed, never fail at random and never count as API requests.
      GET  /__sandbox/volleymanager/stats
           {"logins":n,"failedLogins":n,"activeSessions":n,"apiRequests":n,
            "staleSessionReplies":n,"rateLimitedReplies":n,"malformedReplies":n}
      GET  /__sandbox/volleymanager/stats?loginsAbove=N&timeoutSeconds=30
           the same, answered once more than N logins have succeeded (or
           after the timeout, 1-120 s): wait for a client's login without
           polling
      POST /__sandbox/volleymanager/users
           {"username":"…","password":"…","twoFactor":false} creates the
           user or changes its password; open sessions stay valid until
           they expire
      POST /__sandbox/volleymanager/expire-sessions
           every session is stale from now on
      GET  /__sandbox/volleymanager/clock
      POST /__sandbox/volleymanager/clock     {"advanceSeconds":N}
           the sandbox's one clock, the same as /__admin/clock
      GET  /__sandbox/volleymanager/config
      POST /__sandbox/volleymanager/config
           any of {"sessionLifetimeSeconds":1800,"latencyMilliseconds":0,
           "errorRate":0,"loginFailureStyle":"snackbar" or "redirect",
           "staleSessionStatus":406,"rateLimitEvery":0,"malformedRate":0}
      POST /__sandbox/volleymanager/games/move
           {"number":380006,"startingDateTime":"2026-12-05T18:00:00Z"}
      POST /__sandbox/volleymanager/games/cancel      {"number":380006}
      POST /__sandbox/volleymanager/exchanges/take    {"__identity":"…"}
           another referee applies for an open board entry
      GET  /__sandbox/volleymanager/data?username=…
           the user's assignments, exchanges and compensations as held now


    TASKS (--service tasks, under /tasks)
    A minimal Supabase project (Auth + PostgREST) holding one table, tasks
    (contrib/supabase/tasks.sql): {"id":1,"user_id":"<uuid>","title":"…",
    "due_at":"2026-12-01T09:00:00+00:00" or null,"done":false,"created_at",
    "updated_at":"2026-11-25T12:00:00.123456+00:00","deleted_at":null,
    "version":1}. Timestamps are written as PostgreSQL does (fractional digits
    trimmed). Each user gets --tasks-per-user seeded rows (from --seed): due
    from yesterday to three weeks ahead, one without a due date, one done.
    Every request needs the header apikey: sandbox-tasks-anon-key
    (--tasks-api-key); without it 401 "No API key found in request", a wrong
    one 401 "Invalid API key".
      POST /tasks/auth/v1/token?grant_type=password  {"email","password"}
      POST /tasks/auth/v1/token?grant_type=refresh_token  {"refresh_token"}
           200 session JSON (access_token, token_type, expires_in,
           expires_at, refresh_token, user). Errors 400 invalid_credentials,
           bad_json (non-JSON body), refresh_token_not_found,
           refresh_token_already_used, session_not_found, in the
           {"code","message"} shape with X-Supabase-Api-Version: 2024-01-01,
           else {"code":400,"error_code","msg"}; header x-sb-error-code.
           Refresh tokens rotate; a revoked one is answered with the active
           token when it is that token's parent, accepted within the reuse
           interval (--tasks-reuse-interval, 10 s), else the whole family is
           revoked.
      GET  /tasks/auth/v1/user            Authorization: Bearer <access_token>
      POST /tasks/auth/v1/logout?scope=local|global|others         204
      GET  /tasks/rest/v1/tasks?select=*&deleted_at=is.null&order=id.asc
           filters col=[not.]eq|neq|gt|gte|lt|lte|is|in.value, limit,
           offset, Range, Prefer: count=exact; Content-Range first-last/*
           (*/* when empty). No bearer: [] (row-level security). Expired
           access token (--tasks-token-lifetime, 3600 s): 401 PGRST301.
      PATCH /tasks/rest/v1/tasks?id=eq.N&version=eq.V
           {"title"?,"due_at"?,"done"?,"deleted_at"?}; Prefer:
           return=representation gives 200 with the changed rows ([] when the
           filter matched nothing), else 204. Unknown column: 400 PGRST204.
           The trigger moves updated_at on and bumps version.
      POST /tasks/rest/v1/tasks   insert, with the caller's own user_id (no
           default: without it 403 42501); DELETE with filters.
    The table is served from a throw-away PostgreSQL 15 with
    contrib/supabase/tasks.sql, started at the first request; the admin ops
    act on it (delete is a soft delete, deleted_at set). --in-memory-supabase
    serves the in-memory model instead.
    Demo account (used unless --tasks-user is given):
      tasks@example.ch      demo-tasks-2026

    KEYCLOAK (--service keycloak, under /keycloak; /keycloak/auth with
    --keycloak-legacy-paths, as Keycloak before v17)
    One OpenID Connect realm per Agile Network brand of Outpost's shipped
    share/outpost/presets.toml (realm = keycloak.realm), each with the public
    client <realm>-desktop (redirects http://127.0.0.1/callback on any port and
    <realm without dashes>://auth/callback; PKCE S256 required; device grant on;
    password grant off). Under /keycloak/realms/<realm>:
      GET  /.well-known/openid-configuration      every endpoint below
      GET  /protocol/openid-connect/auth          response_type=code, client_id,
           redirect_uri, scope, state, nonce, code_challenge(_method=S256).
           A bad client or redirect: an error page, no redirect; no challenge:
           302 error=invalid_request. Then the login form (POST
           /login-actions/authenticate: username, password, or cancel), or at
           once (--keycloak-browser-login approve|deny) a 302 to redirect_uri
           with code, state, session_state and iss (or error=access_denied)
      GET  /login-actions/action-token     key, client_id: a magic link the
           agilenetwork BFF mailed; 302 to its redirect with code, state,
           session_state and iss (as the login form), once. Used, expired
           (magicLinkLifespan, 900 s), unknown or another client's: an
           error page, no redirect
      POST /protocol/openid-connect/token   grant_type=authorization_code (code,
           redirect_uri, code_verifier; codes work once, 60 s),
           urn:ietf:params:oauth:grant-type:device_code (device_code:
           authorization_pending, slow_down when polled early (interval + 5 s
           for good), access_denied, expired_token), refresh_token (a new one
           every time; a spent one presented again ends the session:
           invalid_grant "Maximum allowed refresh token reuse exceeded")
      POST /protocol/openid-connect/auth/device   client_id, scope → device_code,
           user_code, verification_uri(_complete), expires_in, interval
           (--keycloak-poll-interval, 5 s)
      GET/POST /device                  the verification page (user_code,
           username, password; deny declines)
      GET  /protocol/openid-connect/userinfo      Authorization: Bearer; 401
           invalid_token once expired (--keycloak-token-lifespan, 300 s) or ended
      POST /protocol/openid-connect/logout   client_id, refresh_token → 204
      POST /protocol/openid-connect/revoke   client_id, token → 200
      GET  /protocol/openid-connect/certs    the JWKS (RS256, RSA-2048, kid; a
           rotated-out key stays listed and valid until dropped)
    Demo account in every realm: fan@example.com  demo-fan-2026

    RPP (--service rpp, under /rpp/v1 and the Firebase Auth Emulator's layout)
    Real Property Photography's client API (shared/upstreams/rpp.md) behind a
    Firebase Auth stand-in. Auth calls need ?key=sandbox-rpp-api-key
    (--rpp-api-key); a wrong key is 400 "API key not valid. Please pass a
    valid API key.", none 403.
      POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword
           {"email","password","returnSecureToken":true} → localId, idToken,
           refreshToken, expiresIn "3600" (--rpp-token-lifetime); the MFA
           account gets mfaPendingCredential + mfaInfo instead
      POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode
      POST /identitytoolkit.googleapis.com/v1/accounts:lookup   {"idToken"}
      POST /securetoken.googleapis.com/v1/token   grant_type=refresh_token&
           refresh_token=… (form, or JSON) → expires_in, id_token,
           refresh_token (new each time with --rpp-rotate-refresh-tokens),
           user_id, project_id, access_token
      /www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPassword,
           getOobConfirmationCode, getAccountInfo: the legacy v3 paths
      GET  /www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com
           (also /securetoken.googleapis.com/v1/jwks) the RS256 JWKS
    Errors: HTTP 400 {"error":{"code":400,"message":"CODE[ : prose]",
    "errors":[…]}}: INVALID_LOGIN_CREDENTIALS (EMAIL_NOT_FOUND /
    INVALID_PASSWORD with enumeration protection off), USER_DISABLED,
    TOO_MANY_ATTEMPTS_TRY_LATER (5 failures, 15 min), TOKEN_EXPIRED,
    INVALID_REFRESH_TOKEN, MISSING_REFRESH_TOKEN, INVALID_GRANT_TYPE.
    API under /rpp/v1, Authorization: Bearer <idToken> (401 UNAUTHENTICATED
    with WWW-Authenticate, 403 ROLE_NOT_ALLOWED / TENANT_MISSING): GET me,
    services, policy, availability?serviceId=&date=&days=, orders (status,
    from, to, updatedSince, limit, cursor), orders/:id (ETag "v<n>");
    POST orders (Idempotency-Key); PATCH orders/:id (If-Match; reschedule
    or cancel); GET conversations, conversations/:id/messages; POST
    conversations/:id/messages (Idempotency-Key), conversations/:id/read;
    GET notifications, PATCH notifications/:id/read; POST devices/register,
    DELETE devices/:id; POST auth/revoke. Errors {"error":{"code","message",
    "status","requestId","details"}}.
    Accounts (password sandbox-password): ana@bayrealty.com and
    zoe@goldengate.homes (ptn_sunset, Los Angeles, USD), lukas@immo-zuerich.ch
    (ptn_alpen, Zürich, CHF, bookings pending until confirmed),
    dana@sunsetmedia.com (photographer), nopartner@example.com (no partnerId),
    mfa@example.com (second factor).

    VIIRAA (--service viiraa, under /viiraa)
    A Supabase project (Auth under /viiraa/auth/v1, PostgREST under
    /viiraa/rest/v1) with ViiRaa's tables (shared/upstreams/viiraa.md):
    profiles, glucose_readings, weight_readings, activity_days,
    coaching_reminders, insights; row-level security by the token's user.
    apikey sandbox-viiraa-anon-key. Reads with select, filters (eq, gt, gte,
    lt, lte, in, is, or/and trees for the keyset), order, limit/offset;
    POST glucose_readings and weight_readings (on_conflict, resolution=
    ignore-duplicates|merge-duplicates; a clash without them is 409 23505);
    PATCH coaching_reminders (last_completed_at, snoozed_until) and insights
    (read_at) with their filter as the precondition ([] when it fails).
    --viiraa-history-days of 5-minute CGM history (default 35), weight every
    few days, activity, reminders of every shape and weekly insights (one
    published two days ahead); a new CGM reading every 5 min of sandbox time.
    Accounts (password demo-viiraa-2026): libre@example.com (Libre 3,
    mg/dL, America/Chicago), dexcom@example.com (Dexcom G7, mmol/L,
    Europe/Zurich; --viiraa-time-zone puts both in another); google@example.com
    signs in with Google only.
    The tables are served from a throw-away PostgreSQL 15 with
    contrib/supabase/viiraa.sql, started at the first request: row-level
    security, constraints, triggers and their errors are PostgreSQL's (a row
    without user_id is 403 42501). Live readings and the admin ops below reach
    it too. --in-memory-supabase serves the in-memory model instead.
    Admin: POST /__admin/mutate {"service":"viiraa","op":…} ops:
    soft-delete-reading {"email","id"?}, hard-delete-reading {"email",
    "dedupKey"?}, add-reminder {"email","title","startsAt","rrule"?},
    publish-insight {"email","title","body"?}, end-sessions {"email"},
    config {"accessTokenLifetimeSeconds","reuseIntervalSeconds"}.

    AGILITY (--service agility, under /agility)
    A Supabase project (Auth under /agility/auth/v1, tokens living 900 s or
    --agility-token-lifetime; PostgREST under /agility/rest/v1) with Agility's
    tables (shared/upstreams/agility.md): accounts, categories, clients,
    invoices, invoice_line_items, transactions. apikey sandbox-agility-anon-key.
    Reads as viiraa's, plus select=*,invoice_line_items(*) with
    invoice_line_items.order=position on invoices. Writes: POST transactions
    (unique import_hash and account+external_id; foreign keys to live
    categories, 409 23503), PATCH transactions (category_id,
    is_business_expense, notes, tags, merchant); POST categories (20 custom at
    most, 400 P0001); POST invoices (drafts; INV-0001… assigned by the
    server), POST/DELETE invoice_line_items on drafts (totals kept, half-up),
    PATCH invoices (draft fields; otherwise only status paid / amount_paid),
    POST rpc/send_invoice {"p_invoice_id"} (drafts only, else 400 P0001).
    Accounts (password demo-agility-2026, America/New_York):
    freelancer@example.com (3 accounts, 25 categories, 5 clients, ~14 months
    of transactions, invoices in every status), empty@example.com (no data).
    The tables are served from a throw-away PostgreSQL 15 with
    contrib/supabase/agility.sql, started at the first request (its RLS,
    constraints, invoice numbers, totals and rpc/send_invoice); the overdue job
    and the admin ops below run on it. --in-memory-supabase serves the
    in-memory model instead.
    Admin: POST /__admin/mutate {"service":"agility","op":…} ops:
    mark-viewed {"email","id"?}, record-payment {"email","id"?,"amount"?},
    overdue-job {"enabled"} (or --agility-overdue-job), delete-category
    {"email","name"}, connection-status {"email","account","status"},
    end-sessions {"email"}, config {"accessTokenLifetimeSeconds",
    "reuseIntervalSeconds"}.

    AGILE NETWORK (--service agilenetwork, under /agile)
    Agile Network's GraphQL gateway (shared/upstreams/agile-network.md §5,
    §6), one endpoint per brand; the brands are the keycloak realms:
      POST /agile/<realm>/graphql   {"query","operationName"?,"variables"?,
           "extensions"?}; GET with ?query=… for queries (a mutation: 405).
           Authorization: Bearer <access token of that realm> (expired,
           forged or another realm's: UNAUTHENTICATED). Accept
           application/graphql-response+json: 400 for parse or validation
           errors, 401 for a rejected token, else 200; application/json: 200
           with errors[].extensions.code; anything else 406. APQ
           (extensions.persistedQuery.sha256Hash; PERSISTED_QUERY_NOT_FOUND
           until sent once with its query). first <= 100 (changes <= 500),
           search >= 2 characters (BAD_USER_INPUT), depth <= 10, 600 requests
           a minute per token (--agile-rate-limit; 429 RATE_LIMITED,
           Retry-After). Unknown id or slug: null + NOT_FOUND.
      POST /agile/<realm>/auth/magic-link   the brand's magic-link BFF:
           {"email","clientId","redirectUri","state","nonce","codeChallenge",
           "codeChallengeMethod":"S256","locale"?} → 202 {"expiresIn":900}
           whether or not the address has an account (only an enabled
           user's gets a mail: a single-use keycloak action-token link);
           400 invalid_request naming the field; one request per address a
           minute (429 slow_down, Retry-After)
      GET  /agile/<realm>/auth/outbox?email=…   the mails instead of sent:
           {"messages":[{"to","link","sentAt","expiresAt"}]} oldest first,
           times in Unix seconds on the sandbox clock
    Per brand 240 experts in 10 categories (some non-ASCII names), 45 days of
    free and premium videos and articles; as the clock moves experts publish,
    subscriptions renew, fall into GRACE and expire, a promotion comes weekly;
    changes(since:) cursors expire after 30 days (CURSOR_EXPIRED). The keycloak
    demo account follows 6 experts and has subscriptions sub_1 ACTIVE, sub_2
    GRACE, sub_3 CANCELED_AT_PERIOD_END, sub_4 ACTIVE on the App Store
    (cancel: MANAGED_BY_STORE), sub_5 ACTIVE (its renewal fails once), sub_6
    EXPIRED. Everyone else starts with nothing.
    Admin: POST /__admin/mutate {"service":"agilenetwork","op":…} ops:
    publish {"brand","expertSlug"}, subscription-status {"brand",
    "subscriptionId","status","user"?}, promotion {"brand","title"?,"body"?},
    faults {"downSubgraphs":["offers"|"subscriptions"|"content"],
    "gatewayTimeout","unknownEnumValue","extraField"}, expire-cursors
    {"brand"}. Host faults (/__admin/faults) add 429, 503, latency, truncated
    and malformed bodies.

    SHARED ADMIN API, JSON in and out, for every service. Never delayed, never
    failing at random, never counted as a service's request.
      GET  /__admin/state?service=NAME     the service's data (no secrets)
      POST /__admin/mutate {"service":"tasks","op":…} ops:
           update {"email","id","title"?,"due_at"?,"done"?}   changed upstream
           delete {"email","id"}      revoke-sessions {"email"}
           set-password {"email","password"} (ends the user's sessions)
           config {"accessTokenLifetimeSeconds":N,"reuseIntervalSeconds":N,
                   "holdRefreshReplies":BOOL}  (hold refresh replies after rotating)
           {"service":"keycloak","op":…}: approve {"userCode","username"?},
           deny {"userCode"}, revoke-sessions {"username"},
           user {"username","enabled"}, config {"accessTokenLifespan",
           "ssoSessionIdle","ssoSessionMax","offlineSessionIdle","codeLifespan",
           "deviceCodeLifespan","devicePollInterval","revokeRefreshToken",
           "browserLogin":"form"|"approve"|"deny","magicLinkLifespan",
           "tamperIDTokenSignature"},
           rotate-signing-key {"dropOld"?} (a new kid signs; old keys stay),
           drop-old-signing-keys
           {"service":"rpp","op":…}: config {"idTokenLifetimeSeconds",
           "rotateRefreshTokens","enumerationProtection","maxFailedSignIns",
           "lockoutSeconds","rateLimitPerMinute","apiKey","holdWriteReplies"},
           user {"email","password"?,"disabled"?}, revoke-tokens {"email"},
           confirm-order {"orderId"}, life {"advanceSeconds"?} (the clock and
           the life simulation), staff-message {"conversationId","body"?},
           take-slot {"partnerId","start","durationMinutes"?},
           touch-order {"orderId","at"?}, order-quirks {"orderId",
           "status":"on_hold"|null,"unknownField":BOOL}, fail-next {"count",
           "status":500|502}, policy {"partnerId",…numbers,"autoConfirm"},
           scale-seed {"email","orders":N,"messages":M}
           volleymanager's ops are its endpoints below: users, config,
           expire-sessions, games/move, games/cancel, exchanges/take.
           Unknown ops or keys: 400 with the allowed ones.
      GET  /__admin/log?since=N   the last 1000 requests answered: seq,
           method, path (no query), status, service; never headers or bodies
      GET  /__admin/clock          POST /__admin/clock {"advanceSeconds":N}
           one clock for every service (the same as volleymanager's clock)
      GET  /__admin/faults?service=tasks
      POST /__admin/faults {"service":"tasks","latencyMilliseconds":0,
           "errorRate":0,"rateLimitEvery":0,"retryAfterSeconds":2,
           "truncateRate":0,"malformedRate":0}: 503s, every Nth request 429
           with Retry-After, transfers cut short, bodies of invalid JSON.
           VolleyManager's faults are set with its own config endpoint.

    Example:
      outpost-sandbox --port 8089 --latency-ms 150 --error-rate 0.05
      outpost-sandbox --service tasks --tasks-token-lifetime 60
      outpost-sandbox --assignments 2000 --rate-limit-every 50
      curl -s http://127.0.0.1:8089/__sandbox/volleymanager/stats
      curl -s 'http://127.0.0.1:8089/__admin/state?service=tasks'
    """
}
