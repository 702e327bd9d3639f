"""deploy/: the Kubernetes manifests and the compose file, checked offline.

Every manifest under deploy/kubernetes/ is validated against the Kubernetes OpenAPI schemas that the
`kubernetes-validate` package bundles (strict: an unknown or misspelt field fails), for KUBERNETES.
Then what the README promises of the deployment: only the API is public (one Ingress, every Service
ClusterIP), every workload has readiness and liveness probes and resource limits, every secret comes
from a secretKeyRef, every environment variable is one the code reads and every host it names is a
Service, the NetworkPolicies admit only the documented callers, and deploy/compose.yaml has the
same services and configuration.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import kubernetes_validate
import pytest
import yaml
from pydantic_settings import BaseSettings

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
KUBE = DEPLOY / "kubernetes"
KUBERNETES = "1.29"
SECRET_TEMPLATE = "secrets.template.yaml"
SECRET_NAME = "beachbot-secrets"

OUR_PARTS = ("rasa", "actions", "api")
ALL_PARTS = {"rasa", "actions", "api", "postgres", "redis"}
IMAGES = {"rasa": "beachbot-rasa", "actions": "beachbot-app", "api": "beachbot-app"}
# Read by a library our process runs, not by our code: uvicorn (the API) believes X-Forwarded-For
# from these addresses.
THIRD_PARTY_ENV = {"FORWARDED_ALLOW_IPS"}
# A variable whose value is secret: it must come from the Secret, never from a value or a ConfigMap.
SECRET_SHAPE = re.compile(r"TOKEN|SECRET|PASSWORD|_KEY$|^DATABASE_URL$|^RASA_TRACKER_URL$|^CLERK_ACCOUNTS$")
# The three internal secrets: scripts/serve.sh refuses to start any part outside ENVIRONMENT=local
# without all three.
INTERNAL_SECRETS = {"RASA_AUTH_TOKEN", "ACTIONS_TOKEN", "CONVERSATION_SIGNING_KEY"}


# ---------------------------------------------------------------------------------------- loading
def _manifest_files() -> list[Path]:
    return sorted(p for p in KUBE.glob("*.yaml") if p.name != "kustomization.yaml")


def _documents() -> list[tuple[str, dict]]:
    found = []
    for path in _manifest_files():
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            if doc:
                found.append((path.name, doc))
    return found


DOCS = _documents()
APPLIED = [doc for name, doc in DOCS if name != SECRET_TEMPLATE]


def _of_kind(kind: str) -> list[dict]:
    return [doc for doc in APPLIED if doc["kind"] == kind]


def _component(obj: dict) -> str | None:
    return obj["metadata"].get("labels", {}).get("app.kubernetes.io/component")


def _workloads() -> dict[str, dict]:
    return {_component(doc): doc for doc in APPLIED if doc["kind"] in ("Deployment", "StatefulSet")}


def _containers(workload: dict) -> list[dict]:
    spec = workload["spec"]["template"]["spec"]
    return spec.get("initContainers", []) + spec["containers"]


def _config_maps() -> dict[str, dict[str, str]]:
    return {doc["metadata"]["name"]: doc.get("data", {}) for doc in _of_kind("ConfigMap")}


def _environment(container: dict) -> dict[str, object]:
    """Every variable the container gets: ConfigMap keys (envFrom) and `env` entries (which win)."""
    config_maps = _config_maps()
    env: dict[str, object] = {}
    for source in container.get("envFrom", []):
        assert "configMapRef" in source, f"{container['name']}: envFrom only for ConfigMaps (secrets key by key)"
        env.update(config_maps[source["configMapRef"]["name"]])
    for entry in container.get("env", []):
        env[entry["name"]] = entry.get("value", entry.get("valueFrom"))
    return env


def _secret_keys() -> set[str]:
    """The keys the Secret template documents, the optional (commented-out) channel keys included."""
    text = (KUBE / SECRET_TEMPLATE).read_text(encoding="utf-8")
    body = text[text.index("stringData:"):]
    return set(re.findall(r"^\s*#?\s*([A-Z][A-Z0-9_]+):", body, flags=re.M))


def _compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------- what the code reads
def _names_the_code_reads() -> set[str]:
    names: set[str] = set()
    # pydantic-settings classes: every field, with its class's prefix.
    for path in sorted([*ROOT.glob("api/**/settings.py"), *ROOT.glob("actions/**/settings.py")]):
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseSettings) and cls is not BaseSettings and cls.__module__ == module.__name__:
                prefix = cls.model_config.get("env_prefix", "")
                names |= {(prefix + field).upper() for field in cls.model_fields}
    # os.environ / os.getenv in our packages (rasa_sdk_plugins, the log redaction, ...).
    for package in ("api", "actions", "knowledge", "rasa_sdk_plugins", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            names |= set(re.findall(r"os\.(?:environ\.get|getenv)\(\s*[\"']([A-Z][A-Z0-9_]*)[\"']", text))
            names |= set(re.findall(r"os\.environ\[\s*[\"']([A-Z][A-Z0-9_]*)[\"']\s*\]", text))
    # scripts/serve.sh (how each process starts) and Rasa's production endpoints.
    names |= set(re.findall(r"\$\{?([A-Z][A-Z0-9_]*)", (ROOT / "scripts" / "serve.sh").read_text(encoding="utf-8")))
    names |= _endpoint_variables()
    return names


def _endpoint_variables() -> set[str]:
    text = (ROOT / "bot" / "endpoints.production.yml").read_text(encoding="utf-8")
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)\}", code))


CODE_READS = _names_the_code_reads()


# ------------------------------------------------------------------------------ schemas
@pytest.mark.parametrize("name, doc", DOCS, ids=[f"{name}:{doc['kind']}/{doc['metadata']['name']}" for name, doc in DOCS])
def test_manifest_is_valid_kubernetes(name, doc):
    assert kubernetes_validate.validate(doc, KUBERNETES, strict=True) == KUBERNETES


def test_the_validator_is_offline_strict_and_bundles_the_version():
    assert KUBERNETES in kubernetes_validate.utils.all_versions() or f"{KUBERNETES}.0" in kubernetes_validate.utils.all_versions()
    rasa = copy.deepcopy(_workloads()["rasa"])
    rasa["spec"]["replica"] = rasa["spec"].pop("replicas")  # a typo must not pass
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(rasa, KUBERNETES, strict=True)


def test_kustomization_applies_every_manifest_but_the_secret_template():
    kustomization = yaml.safe_load((KUBE / "kustomization.yaml").read_text(encoding="utf-8"))
    assert kustomization["namespace"] == "beachbot"
    assert sorted(kustomization["resources"]) == sorted(p.name for p in _manifest_files() if p.name != SECRET_TEMPLATE)
    assert {image["name"] for image in kustomization["images"]} == set(IMAGES.values())
    assert all(doc["metadata"].get("namespace", "beachbot") == "beachbot" for doc in APPLIED if doc["kind"] != "Namespace")


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl (its built-in kustomize) is not installed")
def test_kustomize_builds_and_its_output_is_valid():
    out = subprocess.run(["kubectl", "kustomize", str(KUBE)], check=True, capture_output=True, text=True, timeout=120).stdout
    built = [doc for doc in yaml.safe_load_all(out) if doc]
    assert len(built) == len(APPLIED)
    for doc in built:
        kubernetes_validate.validate(doc, KUBERNETES, strict=True)
        assert doc["kind"] != "Secret"


# --------------------------------------------------------------------- public / private
def test_only_the_api_is_public():
    ingresses = _of_kind("Ingress")
    assert len(ingresses) == 1
    backends = {path["backend"]["service"]["name"] for rule in ingresses[0]["spec"]["rules"] for path in rule["http"]["paths"]}
    assert backends == {"api"}
    assert "defaultBackend" not in ingresses[0]["spec"]
    for service in _of_kind("Service"):
        assert service["spec"].get("type", "ClusterIP") == "ClusterIP", service["metadata"]["name"]
        assert not service["spec"].get("externalIPs")
    api_service = next(s for s in _of_kind("Service") if s["metadata"]["name"] == "api")
    assert api_service["spec"]["selector"]["app.kubernetes.io/component"] == "api"
    for part, workload in _workloads().items():
        pod = workload["spec"]["template"]["spec"]
        assert not pod.get("hostNetwork"), part
        assert not any(port.get("hostPort") for c in _containers(workload) for port in c.get("ports", [])), part


def test_every_part_is_a_workload_with_probes_limits_and_no_root():
    workloads = _workloads()
    assert set(workloads) == ALL_PARTS
    assert {p: workloads[p]["kind"] for p in ALL_PARTS} == {
        "rasa": "Deployment", "actions": "Deployment", "api": "Deployment", "postgres": "StatefulSet", "redis": "StatefulSet"}
    for part, workload in workloads.items():
        pod = workload["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True, part
        assert pod.get("automountServiceAccountToken") is False, part
        for container in pod["containers"]:
            assert container.get("readinessProbe") and container.get("livenessProbe"), part
            assert set(container["resources"]["limits"]) >= {"cpu", "memory"}, part
            assert set(container["resources"]["requests"]) >= {"cpu", "memory"}, part
            assert container["securityContext"]["allowPrivilegeEscalation"] is False, part
    for part in ("postgres", "redis"):
        assert workloads[part]["spec"]["volumeClaimTemplates"], part


def test_rasa_is_replicated_probed_without_its_token_and_sized_for_its_model():
    rasa = _workloads()["rasa"]
    assert rasa["spec"]["replicas"] == 2
    (container,) = rasa["spec"]["template"]["spec"]["containers"]
    # /status needs ?token=: the probes use GET / ("Hello from Rasa"), which does not.
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == "/", probe
    assert container["command"] == ["scripts/serve.sh", "rasa"]  # --auth-token "$RASA_AUTH_TOKEN"
    assert _memory_mib(container["resources"]["limits"]["memory"]) >= 1.5 * 1024  # ≈ 1.2 GiB resident


def _memory_mib(quantity: str) -> float:
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?)(Mi|Gi)", quantity).groups()
    return float(number) * (1024 if unit == "Gi" else 1)


def test_rasa_and_the_api_scale_horizontally():
    targets = {hpa["spec"]["scaleTargetRef"]["name"]: hpa for hpa in _of_kind("HorizontalPodAutoscaler")}
    assert set(targets) == {"rasa", "api"}
    for name, hpa in targets.items():
        assert hpa["apiVersion"] == "autoscaling/v2"
        assert hpa["spec"]["scaleTargetRef"]["kind"] == "Deployment"
        assert hpa["spec"]["minReplicas"] >= 2 and hpa["spec"]["maxReplicas"] > hpa["spec"]["minReplicas"], name


# ----------------------------------------------------------------------------- secrets
def test_every_secret_comes_from_a_secret_key_ref():
    keys = _secret_keys()
    for part, workload in _workloads().items():
        for container in _containers(workload):
            for name, value in _environment(container).items():
                if isinstance(value, dict) and "secretKeyRef" in value:
                    ref = value["secretKeyRef"]
                    assert ref["name"] == SECRET_NAME and ref["key"] in keys, (part, name)
                elif SECRET_SHAPE.search(name):
                    pytest.fail(f"{part}: {name} is a secret but does not come from a secretKeyRef")
    for name, data in _config_maps().items():
        if name == "postgres-init":
            assert "PASSWORD '" not in data["10-roles.sh"]  # passwords only from psql variables
            continue
        assert not [key for key in data if SECRET_SHAPE.search(key)], name
    assert all(SECRET_SHAPE.search(key) for key in keys)


def test_the_secret_template_holds_placeholders_only():
    (secret,) = [doc for name, doc in DOCS if name == SECRET_TEMPLATE]
    assert secret["kind"] == "Secret" and secret["metadata"]["name"] == SECRET_NAME
    assert "data" not in secret
    for key, value in secret["stringData"].items():
        assert "<" in value and ">" in value, f"{key} holds something other than a <placeholder>"
    assert not list(DEPLOY.glob("**/.env")) and not list(DEPLOY.glob("**/channels.env"))


# ----------------------------------------------------------------------- configuration
def test_environment_variables_are_ones_the_code_reads():
    assert {"RASA_HOST", "DATABASE_URL", "CONVERSATION_SIGNING_KEY", "WIDGET_ALLOWED_ORIGINS", "TELEGRAM_BOT_TOKEN",
            "ACTIONS_TOKEN", "LOG_LEVEL", "REDIS_KEY_PREFIX", "API_WORKERS"} <= CODE_READS  # the reader itself works
    workloads = _workloads()
    for part in OUR_PARTS:
        for container in _containers(workloads[part]):
            unknown = set(_environment(container)) - CODE_READS - THIRD_PARTY_ENV
            assert not unknown, f"{part}: nothing reads {sorted(unknown)}"


def test_each_part_gets_what_it_needs_and_names_services_that_exist():
    workloads = _workloads()
    env = {part: _environment(workloads[part]["spec"]["template"]["spec"]["containers"][0]) for part in OUR_PARTS}
    services = {s["metadata"]["name"]: {p["port"] for p in s["spec"]["ports"]} for s in _of_kind("Service")}
    for part in OUR_PARTS:
        assert env[part]["ENVIRONMENT"] != "local"
        assert INTERNAL_SECRETS <= set(env[part]), part
        assert workloads[part]["spec"]["template"]["spec"]["containers"][0]["command"] == ["scripts/serve.sh", part]
    # Each part listens on its pod's addresses; the callers name the Service.
    assert env["rasa"]["RASA_HOST"] == env["actions"]["ACTIONS_HOST"] == env["api"]["API_HOST"] == "0.0.0.0"
    calls = [("rasa", "ACTIONS_HOST", "ACTIONS_PORT"), ("api", "RASA_HOST", "RASA_PORT"),
             ("api", "ACTIONS_HOST", "ACTIONS_PORT"), ("actions", "API_HOST", "API_PORT"),
             ("rasa", "RASA_TRACKER_PG_HOST", "RASA_TRACKER_PG_PORT"), ("rasa", "REDIS_HOST", "REDIS_PORT")]
    for part, host, port in calls:
        assert int(env[part][port]) in services[env[part][host]], (part, host)
    # Rasa runs the production endpoints and gets every variable they read.
    assert env["rasa"]["RASA_ENDPOINTS"] == "bot/endpoints.production.yml"
    assert _endpoint_variables() <= set(env["rasa"])
    assert env["rasa"]["REDIS_DB"] != env["api"]["RATE_LIMIT_STORAGE_URI"].rsplit("/", 1)[1]
    assert "redis:6379" in env["api"]["RATE_LIMIT_STORAGE_URI"]
    for part in ("actions", "api"):
        assert "RASA_TRACKER_PG_PASSWORD" not in env[part]
    assert "PERMITS_SECRET_KEY" in env["api"] and "PERMITS_SECRET_KEY" not in env["actions"]


def test_images_are_the_two_targets_of_the_dockerfile():
    dockerfile = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^FROM\s+\S+\s+AS\s+(\S+)", dockerfile, flags=re.M | re.I))
    assert {"rasa", "app"} <= targets
    for lock in ("requirements-rasa.txt", "constraints-rasa.txt", "constraints.txt", "pyproject.toml"):
        assert lock in dockerfile
    for source in re.findall(r"^COPY\s+(?!--from)(.+)\s+\S+$", dockerfile, flags=re.M):
        for path in source.split():
            assert (ROOT / path).exists(), f"Dockerfile copies {path}, which is not in the repository"
    for part, image in IMAGES.items():
        (container,) = _workloads()[part]["spec"]["template"]["spec"]["containers"]
        assert container["image"].split(":")[0] == image, part


# ---------------------------------------------------------------------------- policies
def _admitted() -> dict[str, set[str]]:
    """Per component, the sources its NetworkPolicies admit ("ns:<name>" for a whole namespace)."""
    admitted: dict[str, set[str]] = defaultdict(set)
    for policy in _of_kind("NetworkPolicy"):
        selector = policy["spec"]["podSelector"]
        target = selector.get("matchLabels", {}).get("app.kubernetes.io/component", "*")
        assert "Ingress" in policy["spec"]["policyTypes"]
        for rule in policy["spec"].get("ingress", []):
            assert rule.get("from"), f"{policy['metadata']['name']}: a rule without `from` admits everyone"
            for peer in rule["from"]:
                assert "ipBlock" not in peer
                if "namespaceSelector" in peer:
                    assert "podSelector" not in peer
                    admitted[target].add("ns:" + peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"])
                else:
                    admitted[target].add(peer["podSelector"]["matchLabels"]["app.kubernetes.io/component"])
    return admitted


def test_network_policies_admit_only_the_documented_callers():
    deny = [p for p in _of_kind("NetworkPolicy") if p["spec"]["podSelector"] == {}]
    assert len(deny) == 1 and not deny[0]["spec"].get("ingress") and deny[0]["spec"]["policyTypes"] == ["Ingress"]
    assert dict(_admitted()) == {
        "rasa": {"api"},  # its REST channel has no authentication: the API only
        # Rasa; and the API, whose /healthz reads GET /health, the only path open without X-Actions-Token
        "actions": {"rasa", "api"},
        "api": {"ns:ingress-nginx", "actions"},
        "postgres": {"rasa", "api"},
        "redis": {"rasa", "api"},
    }


# ----------------------------------------------------------------------------- compose
def test_compose_has_the_same_services_and_only_the_api_published():
    compose = _compose()
    services = compose["services"]
    assert set(services) == ALL_PARTS == set(_workloads())
    assert [name for name, service in services.items() if service.get("ports")] == ["api"]
    assert compose["networks"]["backend"]["internal"] is True
    for name in ALL_PARTS - {"api"}:
        assert services[name]["networks"] == ["backend"], name
    for part, image in IMAGES.items():
        service = services[part]
        assert service["image"].split(":")[0] == image
        assert service["build"]["dockerfile"] == "deploy/Dockerfile"
        assert service["build"]["target"] == ("rasa" if part == "rasa" else "app")
        assert service["command"] == ["scripts/serve.sh", part]
        assert service.get("healthcheck"), part


def test_compose_configuration_matches_the_manifests():
    services = _compose()["services"]
    workloads = _workloads()
    for part in OUR_PARTS:
        compose_env = {name: str(value) for name, value in services[part]["environment"].items()}
        kube_env = _environment(workloads[part]["spec"]["template"]["spec"]["containers"][0])
        assert not set(compose_env) - CODE_READS - THIRD_PARTY_ENV, part
        # The channels' optional secrets come from an env_file in compose (an empty variable would
        # count as set); everything else is the same set of variables.
        optional = {name for name, value in kube_env.items()
                    if isinstance(value, dict) and value.get("secretKeyRef", {}).get("optional")}
        assert set(kube_env) - optional == set(compose_env), part
        for name, value in compose_env.items():
            if SECRET_SHAPE.search(name):
                assert "${" in value, f"compose: {part} {name} must come from deploy/.env"
            elif "${" not in value:
                assert value == str(kube_env[name]), (part, name)


def test_compose_and_kubernetes_create_the_same_databases():
    raw = _compose()["configs"]["postgres-init"]["content"]
    # Compose interpolates the file: every `$` of the script must be written `$$`.
    assert "$" not in raw.replace("$$", "")
    assert raw.replace("$$", "$") == _config_maps()["postgres-init"]["10-roles.sh"]
