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
case "${1:-}" in
  rasa)
    exec .venv-rasa/bin/rasa run --model "$RASA_MODEL" --enable-api \
      --interface "$RASA_HOST" --port "$RASA_PORT" \
      --endpoints "$RASA_ENDPOINTS" --credentials bot/credentials.yml ;;
  actions)
    exec .venv/bin/python -m rasa_sdk --actions actions --port "$ACTIONS_PORT" ;;
  api)
    exec .venv/bin/uvicorn api.main:app --host "$API_HOST" --port "$API_PORT" ;;
  *)
    echo "usage: $0 rasa|actions|api" >&2; exit 2 ;;
esac
