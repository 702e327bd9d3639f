#!/usr/bin/env bash
# Starts one of the three processes with the documented defaults (README, "Configuration").
# `make run` (Procfile) and the end-to-end tests both start the servers through this script,
# so the way a process is started is written once.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${RASA_HOST:=127.0.0.1}" "${RASA_PORT:=5005}"
: "${ACTIONS_HOST:=127.0.0.1}" "${ACTIONS_PORT:=5055}"
: "${API_HOST:=127.0.0.1}" "${API_PORT:=8000}"
: "${VAR_DIR:=var}"
: "${RASA_MODEL:=models/bot.tar.gz}"
: "${RASA_TRACKER_DB:=$VAR_DIR/rasa_tracker.db}"
# bot/endpoints.production.yml (RASA_ENDPOINTS) reads these: PostgreSQL tracker store, Redis locks.
: "${RASA_ENDPOINTS:=bot/endpoints.yml}"
: "${RASA_TRACKER_PG_HOST:=127.0.0.1}" "${RASA_TRACKER_PG_PORT:=5432}" "${RASA_TRACKER_PG_DB:=rasa}"
: "${RASA_TRACKER_PG_USER:=postgres}" "${RASA_TRACKER_PG_PASSWORD:=}" "${RASA_TRACKER_PG_LOGIN_DB:=postgres}"
: "${REDIS_HOST:=127.0.0.1}" "${REDIS_PORT:=6379}" "${REDIS_DB:=1}" "${REDIS_KEY_PREFIX:=beachbot}"
export RASA_HOST RASA_PORT ACTIONS_HOST ACTIONS_PORT API_HOST API_PORT VAR_DIR RASA_MODEL RASA_TRACKER_DB
# With the production endpoints the API's erasure must reach the same PostgreSQL tracker database
# (RASA_TRACKER_URL, a SQLAlchemy URL; give it yourself when the password holds URL-special characters).
if [ "$RASA_ENDPOINTS" = bot/endpoints.production.yml ] && [ -z "${RASA_TRACKER_URL:-}" ]; then
  RASA_TRACKER_URL="postgresql+psycopg://$RASA_TRACKER_PG_USER${RASA_TRACKER_PG_PASSWORD:+:$RASA_TRACKER_PG_PASSWORD}@$RASA_TRACKER_PG_HOST:$RASA_TRACKER_PG_PORT/$RASA_TRACKER_PG_DB"
  export RASA_TRACKER_URL
fi
export RASA_ENDPOINTS RASA_TRACKER_PG_HOST RASA_TRACKER_PG_PORT RASA_TRACKER_PG_DB RASA_TRACKER_PG_USER \
  RASA_TRACKER_PG_PASSWORD RASA_TRACKER_PG_LOGIN_DB REDIS_HOST REDIS_PORT REDIS_DB REDIS_KEY_PREFIX
export RASA_TELEMETRY_ENABLED=false SQLALCHEMY_SILENCE_UBER_WARNING=1 TF_CPP_MIN_LOG_LEVEL=2
# No personal data in any log (README, "Production notes"): the three processes log through
# config/logging.yml, which masks CPF/CNPJ/NIF, e-mail and phone numbers (api/log_redaction.py) in
# every record, Rasa's and the libraries' included. LOG_LEVEL (default INFO) sets all three.
: "${LOGGING_CONFIG:=config/logging.yml}" "${LOG_LEVEL:=INFO}"
export LOGGING_CONFIG LOG_LEVEL
mkdir -p "$VAR_DIR"
# The internal secrets (README, "Production notes"): RASA_AUTH_TOKEN guards Rasa's HTTP API,
# ACTIONS_TOKEN lets only Rasa call the action server, CONVERSATION_SIGNING_KEY lets only the action
# server name the conversation of a pre-application. Outside ENVIRONMENT=local each must be given;
# locally a missing one is generated once into $VAR_DIR/internal-secrets.env (mode 600), which the
# three processes (each started by this script) then share.
internal_secrets() {
  local file="$VAR_DIR/internal-secrets.env" name missing=""
  for name in RASA_AUTH_TOKEN ACTIONS_TOKEN CONVERSATION_SIGNING_KEY; do
    [ -n "${!name:-}" ] || missing="$missing $name"
  done
  [ -n "$missing" ] || return 0
  if [ "${ENVIRONMENT:-local}" != local ]; then
    echo "serve.sh: ENVIRONMENT=${ENVIRONMENT} needs$missing (random values of 32+ characters)" >&2; exit 2
  fi
  if [ ! -f "$file" ]; then
    local tmp; tmp=$(mktemp "$VAR_DIR/.internal-secrets.XXXXXX")
    for name in RASA_AUTH_TOKEN ACTIONS_TOKEN CONVERSATION_SIGNING_KEY; do
      echo "$name=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" >>"$tmp"
    done
    # ln fails if another process made the file first: every process reads the same secrets.
    ln "$tmp" "$file" 2>/dev/null || true; rm -f "$tmp"
  fi
  local key value
  while IFS='=' read -r key value; do
    case "$key" in RASA_AUTH_TOKEN|ACTIONS_TOKEN|CONVERSATION_SIGNING_KEY) [ -n "${!key:-}" ] || printf -v "$key" %s "$value" ;; esac
  done <"$file"
}
internal_secrets
export RASA_AUTH_TOKEN ACTIONS_TOKEN CONVERSATION_SIGNING_KEY

# Rasa and rasa-sdk ignore a logging file they cannot apply (a debug line, then their own unmasked
# logging): refuse to start instead. $1 is the interpreter of the process's virtualenv.
check_logging_config() {
  PYTHONPATH="$PWD" "$1" -c 'import logging.config, sys, yaml
logging.config.dictConfig(yaml.safe_load(open(sys.argv[1])))' "$LOGGING_CONFIG" ||
    { echo "serve.sh: $LOGGING_CONFIG cannot be applied by $1" >&2; exit 2; }
}

# `serve.sh supervised PART` (Procfile): runs `serve.sh PART` as a child in a process group of its
# own and restarts it when it exits. Before a restart the whole group is killed (TERM, then KILL
# after SUPERVISE_GRACE seconds) and the port must be free: a worker that outlived its main process
# (uvicorn --workers, Sanic workers: `kill -9` of the main one orphans them with the listening
# socket) can never make the restart fail with "address already in use". TERM/INT/HUP to the
# supervisor stop the group and the supervisor.
supervise() {
  local part=$1 port child=0 rc=0 stopping=0 delay=1 started waited
  case "$part" in rasa) port=$RASA_PORT ;; actions) port=$ACTIONS_PORT ;; api) port=$API_PORT ;;
    *) echo "usage: $0 supervised rasa|actions|api" >&2; exit 2 ;; esac
  set -m  # every background job is the leader of a new process group: its pgid is its pid
  # A stop also schedules a KILL of the group after SUPERVISE_GRACE: Rasa's Sanic workers (RASA_WORKERS
  # > 1) ignore a TERM that arrives while they load the model, and their main process would wait for
  # them forever (Sanic 21.12 forks them with its own TERM handler in place).
  trap 'stopping=1; [ "$child" -eq 0 ] || { kill -TERM -- "-$child" 2>/dev/null || true
    (sleep "${SUPERVISE_GRACE:-10}"; kill -KILL -- "-$child" 2>/dev/null || true) & }' TERM INT HUP
  while :; do
    started=$SECONDS
    "$0" "$part" &
    child=$!
    while kill -0 "$child" 2>/dev/null; do
      rc=0; wait "$child" || rc=$?  # a trapped signal interrupts wait: check again
    done
    # The main process is gone; whatever else of its group is left goes too.
    kill -TERM -- "-$child" 2>/dev/null || true
    waited=0
    while kill -0 -- "-$child" 2>/dev/null && [ "$waited" -lt "$((${SUPERVISE_GRACE:-10} * 10))" ]; do
      sleep 0.1; waited=$((waited + 1))
    done
    kill -KILL -- "-$child" 2>/dev/null || true
    waited=0
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && [ "$waited" -lt 300 ]; do
      sleep 0.1; waited=$((waited + 1))
    done
    [ "$stopping" -eq 0 ] || exit "$rc"
    # A service that keeps failing at start is retried less and less often (at most every 30 s).
    if [ $((SECONDS - started)) -ge 60 ]; then delay=1; fi
    echo "serve.sh: $part (pid $child) exited with status $rc; restarting in ${delay}s" >&2
    sleep "$delay" & wait $! || true
    [ "$stopping" -eq 0 ] || exit "$rc"
    delay=$((delay * 2 > 30 ? 30 : delay * 2))
  done
}

case "${1:-}" in
  supervised)
    supervise "${2:-}" ;;
  rasa)
    # The HTTP API (trackers, events, model) answers only with ?token=$RASA_AUTH_TOKEN; the REST
    # channel has no authentication in Rasa 3.6, so the port must stay private (loopback by default).
    # PYTHONPATH: Rasa reads its logging file before it puts the working directory on sys.path.
    # Sanic's own body limit is 100 MB: a 1 MB message took Rasa ~20 s of NLU, every conversation
    # waiting behind it. 32 KB holds the longest message the API relays (MAX_MESSAGE_CHARS, escaped).
    # RASA_WORKERS: Sanic worker processes (Rasa reads SANIC_WORKERS), each loading the model; Rasa
    # keeps 1 unless the lock store is shared (Redis: bot/endpoints.production.yml, `make run-production`).
    check_logging_config .venv-rasa/bin/python
    SANIC_WORKERS="${RASA_WORKERS:-1}" SANIC_REQUEST_MAX_SIZE="${SANIC_REQUEST_MAX_SIZE:-32768}" \
    PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" exec .venv-rasa/bin/rasa run --model "$RASA_MODEL" --enable-api --auth-token "$RASA_AUTH_TOKEN" \
      --interface "$RASA_HOST" --port "$RASA_PORT" \
      --endpoints "$RASA_ENDPOINTS" --credentials bot/credentials.yml --logging-config-file "$LOGGING_CONFIG" ;;
  actions)
    # rasa-sdk binds SANIC_HOST (its default is 0.0.0.0); rasa_sdk_plugins checks ACTIONS_TOKEN.
    # ACTIONS_WORKERS: Sanic worker processes of the action server (rasa-sdk reads ACTION_SERVER_SANIC_WORKERS).
    check_logging_config .venv/bin/python
    ACTION_SERVER_SANIC_WORKERS="${ACTIONS_WORKERS:-1}" SANIC_HOST="$ACTIONS_HOST" exec .venv/bin/python -m rasa_sdk --actions actions --port "$ACTIONS_PORT" \
      --logging-config_file "$LOGGING_CONFIG" ;;
  api)
    # API_WORKERS > 1: uvicorn forks workers that share the listening socket (see `supervised`).
    check_logging_config .venv/bin/python
    exec .venv/bin/uvicorn api.main:app --host "$API_HOST" --port "$API_PORT" --workers "${API_WORKERS:-1}" \
      --log-config "$LOGGING_CONFIG" ;;
  *)
    echo "usage: $0 [supervised] rasa|actions|api" >&2; exit 2 ;;
esac
