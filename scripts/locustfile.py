"""Citizens chatting through the PUBLIC API, as the website widget does (POST /api/v1/chat).

Run by `make loadtest` (scripts/loadtest.py), headless against 127.0.0.1. Each simulated citizen plays
whole conversations, each with a fresh widget sender id: a question then follow-ups that lean on the
context (town and activity from the earlier turn), a pre-application started and answered a few
steps then cancelled (nothing is submitted), or a greeting, a question and thanks. Between two turns
the citizen reads and types for LOADTEST_THINK_MIN..LOADTEST_THINK_MAX seconds (0 and 0: no think time);
scripts/loadtest.py spreads the arrivals with the spawn rate, so no burst at the start.

A turn fails when the API answers anything but 200 or the bot answers nothing.
"""

from __future__ import annotations

import os
import random
import secrets

import gevent
from locust import FastHttpUser, task

THINK_MIN = float(os.environ.get("LOADTEST_THINK_MIN", "0"))
THINK_MAX = float(os.environ.get("LOADTEST_THINK_MAX", "0"))

QUESTIONS = [
    ["Posso alugar SUP em Bertioga?", "Qual a multa se eu trabalhar sem autorização?", "E onde ficam os pontos?"],
    ["Quanto custa a licença de ambulante em Pontal do Paraná?", "E para vender milho verde?",
     "Quais documentos preciso?"],
    ["Posso vender comida na praia em Lajes?", "Qual o horário permitido?"],
    ["Preciso de licença para fazer passeios de barco em Portugal?", "Quem emite a licença?",
     "Preciso de seguro?"],
    ["Posso colocar mesas na calçada em Igarapava?", "Qual a multa?"],
    ["Can I teach surf in Bertioga?", "How much is the fine?"],
    ["Quero vender sorvete na praia em Pontal do Paraná", "Por quanto tempo vale a licença?"],
]
PERMIT_STARTS = [
    ["Quero pedir autorização para vender na praia", "Pontal do Paraná", "sorvete", "cancelar"],
    ["quero licença para minha escola de surf em Bertioga", "Ana Lima", "cancelar"],
    ["Quero pedir licença de ambulante em Lajes", "Maria Aparecida Souza", "cancelar"],
]
SMALL_TALK = [
    ["oi", "Posso vender coco na praia em Bertioga?", "obrigado"],
    ["olá", "Qual a multa por vender sem licença em Pontal do Paraná?", "valeu, tchau"],
]


class Citizen(FastHttpUser):
    # The widget's own pace is set by THINK_MIN/MAX between turns; none between conversations.
    def wait_time(self) -> float:
        return 0.0

    def think(self) -> None:
        if THINK_MAX > 0:
            gevent.sleep(random.uniform(THINK_MIN, THINK_MAX))

    def conversation(self, kind: str, messages: list[str]) -> None:
        sender = "load" + secrets.token_hex(8)
        for n, message in enumerate(messages):
            if n:
                self.think()
            with self.client.post("/api/v1/chat", json={"sender": sender, "message": message},
                                  name=f"chat {kind}", catch_response=True) as response:
                if response.status_code != 200:
                    response.failure(f"HTTP {response.status_code}")
                elif not (response.json() or {}).get("messages"):
                    response.failure("empty answer")
                else:
                    response.success()
        self.think()

    @task(5)
    def questions_and_follow_ups(self) -> None:
        self.conversation("question", random.choice(QUESTIONS))

    @task(2)
    def pre_application_start(self) -> None:
        self.conversation("pre-application", random.choice(PERMIT_STARTS))

    @task(1)
    def small_talk(self) -> None:
        self.conversation("small-talk", random.choice(SMALL_TALK))
