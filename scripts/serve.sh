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
export RASA_ENDPOINTS RASA_TRACKER_PG_HOST RASA_TRACKER_PG_PORT RASA_TRACKER_PG_DB RASA_TRACKER_PG_USER \
  RASA_TRACKER_PG_PASSWORD RASA_TRACKER_PG_LOGIN_DB REDIS_HOST REDIS_PORT REDIS_DB REDIS_KEY_PREFIX
export RASA_TELEMETRY_ENABLED=false SQLALCHEMY_SILENCE_UBER_WARNING=1 TF_CPP_MIN_LOG_LEVEL=2
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
case "${1:-}" in
  rasa)
    # The HTTP API (trackers, events, model) answers only with ?token=$RASA_AUTH_TOKEN; the REST
    # channel has no authentication in Rasa 3.6, so the port must stay private (loopback by default).
    exec .venv-rasa/bin/rasa run --model "$RASA_MODEL" --enable-api --auth-token "$RASA_AUTH_TOKEN" \
      --interface "$RASA_HOST" --port "$RASA_PORT" \
      --endpoints "$RASA_ENDPOINTS" --credentials bot/credentials.yml ;;
  actions)
    # rasa-sdk binds SANIC_HOST (its default is 0.0.0.0); rasa_sdk_plugins checks ACTIONS_TOKEN.
    SANIC_HOST="$ACTIONS_HOST" exec .venv/bin/python -m rasa_sdk --actions actions --port "$ACTIONS_PORT" ;;
  api)
    exec .venv/bin/uvicorn api.main:app --host "$API_HOST" --port "$API_PORT" ;;
  *)
    echo "usage: $0 rasa|actions|api" >&2; exit 2 ;;
esac
