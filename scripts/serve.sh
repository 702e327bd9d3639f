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
export RASA_HOST RASA_PORT ACTIONS_HOST ACTIONS_PORT API_HOST API_PORT VAR_DIR RASA_MODEL RASA_TRACKER_DB
export RASA_TELEMETRY_ENABLED=false SQLALCHEMY_SILENCE_UBER_WARNING=1 TF_CPP_MIN_LOG_LEVEL=2
mkdir -p "$VAR_DIR"
case "${1:-}" in
  rasa)
    exec .venv-rasa/bin/rasa run --model "$RASA_MODEL" --enable-api \
      --interface "$RASA_HOST" --port "$RASA_PORT" \
      --endpoints bot/endpoints.yml --credentials bot/credentials.yml ;;
  actions)
    exec .venv/bin/python -m rasa_sdk --actions actions --port "$ACTIONS_PORT" ;;
  api)
    exec .venv/bin/uvicorn api.main:app --host "$API_HOST" --port "$API_PORT" ;;
  *)
    echo "usage: $0 rasa|actions|api" >&2; exit 2 ;;
esac
