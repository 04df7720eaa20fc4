#!/usr/bin/env python3
"""Checks rpc-schema/: openrpc.json against its examples, and the examples against the schemas.

Usage: python3 rpc-schema/validate.py [SCHEMA_DIR]   (default: the directory this script is in)

Checks that every method in openrpc.json has examples/<method>.json and every example file has a
method (or, for <name>.notification.json, a notification in x-notifications); validates each
example's request params and response result (and each notification's params) against the
schemas; checks that error codes are unique and application codes lie in -32099..-32000.
Exits 1 naming the file and the problem on any failure; prints a one-line summary on success.
Needs the `jsonschema` package (4.x).
"""

import json
import os
import sys

try:
    from jsonschema import Draft7Validator
    from jsonschema.exceptions import SchemaError
except ImportError:
    sys.exit("rpc-schema: validate.py needs the jsonschema package (pip install jsonschema)")

STANDARD_CODES = {
    -32700: "ParseError",
    -32600: "InvalidRequest",
    -32601: "MethodNotFound",
    -32602: "InvalidParams",
    -32603: "InternalError",
}
APPLICATION_RANGE = range(-32099, -32000 + 1)
NOTIFICATION_SUFFIX = ".notification.json"


class Checker:
    def __init__(self, directory):
        self.directory = directory
        self.problems = []
        self.document = None

    def fail(self, where, problem):
        self.problems.append(f"{where}: {problem}")

    def rel(self, *parts):
        return os.path.join(os.path.basename(os.path.abspath(self.directory)), *parts)

    def load(self, path, where):
        try:
            with open(path, encoding="utf-8") as handle:
                return json.load(handle)
        except FileNotFoundError:
            self.fail(where, "file not found")
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            self.fail(where, f"cannot read JSON: {error}")
        return None

    # A root schema holding `components`, so that `#/components/...` references resolve.
    def validator(self, schema):
        root = {"components": self.document.get("components", {}), "allOf": [schema]}
        return Draft7Validator(root, format_checker=Draft7Validator.FORMAT_CHECKER)

    def validate(self, where, what, instance, schema):
        try:
            errors = sorted(self.validator(schema).iter_errors(instance), key=lambda e: list(e.absolute_path))
        except Exception as error:  # an unresolvable $ref, a broken schema
            self.fail(where, f"cannot validate {what}: {error}")
            return
        for error in errors:
            path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
            self.fail(where, f"{what}{path}: {error.message}")

    def check_schema(self, where, schema):
        try:
            Draft7Validator.check_schema(schema)
        except SchemaError as error:
            self.fail(where, f"not a valid JSON Schema: {error.message}")

    def resolve_ref(self, where, value):
        """Follows a `{"$ref": "#/..."}` reference within openrpc.json; other values are returned as is."""
        if not (isinstance(value, dict) and "$ref" in value):
            return value
        reference = value["$ref"]
        if not isinstance(reference, str) or not reference.startswith("#/"):
            self.fail(where, f"unsupported reference {reference!r}")
            return None
        target = self.document
        for part in reference[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(target, dict) or part not in target:
                self.fail(where, f"reference {reference} does not resolve")
                return None
            target = target[part]
        return target

    # --- openrpc.json -----------------------------------------------------------------------------

    def check_document(self):
        where = self.rel("openrpc.json")
        document = self.document
        if not isinstance(document, dict):
            self.fail(where, "is not a JSON object")
            return {}, {}
        if document.get("openrpc") != "1.3.2":
            self.fail(where, f"openrpc must be \"1.3.2\", not {document.get('openrpc')!r}")
        if not isinstance(document.get("info"), dict):
            self.fail(where, "info is missing")
        if not isinstance(document.get("x-framing"), str) or not document["x-framing"].strip():
            self.fail(where, "x-framing must be a non-empty string")
        components = document.get("components")
        if not isinstance(components, dict):
            self.fail(where, "components is missing")
            components = {}
        for name, schema in (components.get("schemas") or {}).items():
            self.check_schema(f"{where}: components.schemas.{name}", schema)

        methods = {}
        for index, method in enumerate(document.get("methods") or []):
            name = method.get("name") if isinstance(method, dict) else None
            if not isinstance(name, str) or not name:
                self.fail(where, f"methods[{index}] has no name")
                continue
            if name in methods:
                self.fail(where, f"method {name} is listed twice")
            methods[name] = self.check_method(where, name, method)
        if not methods:
            self.fail(where, "methods is missing or empty")

        notifications = {}
        for index, notification in enumerate(document.get("x-notifications") or []):
            name = notification.get("name") if isinstance(notification, dict) else None
            if not isinstance(name, str) or not name:
                self.fail(where, f"x-notifications[{index}] has no name")
                continue
            schema = notification.get("params")
            if not isinstance(schema, dict):
                self.fail(where, f"notification {name}: params must be a schema")
                continue
            self.check_schema(f"{where}: notification {name}", schema)
            notifications[name] = schema
        if not notifications:
            self.fail(where, "x-notifications is missing or empty")

        self.check_errors(where, components.get("errors"))
        return methods, notifications

    def check_method(self, where, name, method):
        """Returns (params object schema, result schema) of a method."""
        where = f"{where}: method {name}"
        if method.get("paramStructure") != "by-name":
            self.fail(where, "paramStructure must be \"by-name\"")
        for key in ("summary", "description"):
            if not isinstance(method.get(key), str) or not method[key].strip():
                self.fail(where, f"{key} is missing")
        properties, required = {}, []
        params = method.get("params")
        if not isinstance(params, list):
            self.fail(where, "params must be a list")
            params = []
        for index, param in enumerate(params):
            param = self.resolve_ref(where, param)
            if not isinstance(param, dict) or not isinstance(param.get("name"), str) or "schema" not in param:
                self.fail(where, f"params[{index}] needs a name and a schema")
                continue
            if param["name"] in properties:
                self.fail(where, f"param {param['name']} is listed twice")
            self.check_schema(f"{where}: param {param['name']}", param["schema"])
            properties[param["name"]] = param["schema"]
            if param.get("required", False):
                required.append(param["name"])
        params_schema = {"type": "object", "properties": properties, "required": required,
                         "additionalProperties": False}

        result = self.resolve_ref(where, method.get("result"))
        result_schema = result.get("schema") if isinstance(result, dict) else None
        if not isinstance(result, dict) or not isinstance(result.get("name"), str) or not isinstance(result_schema, dict):
            self.fail(where, "result needs a name and a schema")
            result_schema = {}
        else:
            self.check_schema(f"{where}: result", result_schema)
            if result_schema.get("additionalProperties") is not False:
                self.fail(where, "result schema must have additionalProperties: false")
            missing = set(result_schema.get("required", [])) - set(result_schema.get("properties", {}))
            if missing:
                self.fail(where, f"result schema requires undefined properties {sorted(missing)}")

        for index, error in enumerate(method.get("errors") or []):
            error = self.resolve_ref(f"{where}: errors[{index}]", error)
            if error is not None and not (isinstance(error, dict) and isinstance(error.get("code"), int)):
                self.fail(where, f"errors[{index}] is not an error object")
        return params_schema, result_schema

    def check_errors(self, where, errors):
        if not isinstance(errors, dict) or not errors:
            self.fail(where, "components.errors is missing or empty")
            return
        seen = {}
        for name, error in errors.items():
            place = f"{where}: components.errors.{name}"
            if not isinstance(error, dict):
                self.fail(place, "is not an object")
                continue
            code = error.get("code")
            if not isinstance(code, int) or isinstance(code, bool):
                self.fail(place, f"code must be an integer, not {code!r}")
                continue
            if not isinstance(error.get("message"), str) or not error["message"].strip():
                self.fail(place, "message is missing")
            if "data" in error:
                self.check_schema(f"{place}.data", error["data"])
            if code in seen:
                self.fail(place, f"code {code} is also used by {seen[code]}")
            seen[code] = name
            if code in STANDARD_CODES:
                if name != STANDARD_CODES[code]:
                    self.fail(place, f"code {code} is JSON-RPC's {STANDARD_CODES[code]}")
            elif code not in APPLICATION_RANGE:
                self.fail(place, f"application code {code} is outside -32099..-32000")
        for code, name in STANDARD_CODES.items():
            if code not in seen:
                self.fail(where, f"components.errors lacks the standard error {name} ({code})")

    # --- examples ---------------------------------------------------------------------------------

    def check_examples(self, methods, notifications):
        examples_dir = os.path.join(self.directory, "examples")
        try:
            files = sorted(f for f in os.listdir(examples_dir) if f.endswith(".json"))
        except OSError as error:
            self.fail(self.rel("examples"), f"cannot list: {error}")
            return 0
        for name in methods:
            if f"{name}.json" not in files:
                self.fail(self.rel("examples", f"{name}.json"), f"missing: method {name} has no example")
        for name in notifications:
            if f"{name}{NOTIFICATION_SUFFIX}" not in files:
                self.fail(self.rel("examples", f"{name}{NOTIFICATION_SUFFIX}"),
                          f"missing: notification {name} has no example")
        checked = 0
        for file in files:
            where = self.rel("examples", file)
            if file.endswith(NOTIFICATION_SUFFIX):
                name = file[: -len(NOTIFICATION_SUFFIX)]
                if name not in notifications:
                    self.fail(where, f"no notification {name} in openrpc.json x-notifications")
                    continue
                self.check_notification_example(where, name, notifications[name])
            else:
                name = file[: -len(".json")]
                if name not in methods:
                    self.fail(where, f"no method {name} in openrpc.json")
                    continue
                self.check_method_example(where, name, *methods[name])
            checked += 1
        return checked

    def check_method_example(self, where, name, params_schema, result_schema):
        example = self.load(os.path.join(self.directory, "examples", f"{name}.json"), where)
        if example is None:
            return
        if not isinstance(example, dict) or set(example) != {"request", "response"}:
            self.fail(where, "must be an object with exactly \"request\" and \"response\"")
            return
        request, response = example["request"], example["response"]
        if not isinstance(request, dict) or not isinstance(response, dict):
            self.fail(where, "request and response must be objects")
            return
        if request.get("jsonrpc") != "2.0":
            self.fail(where, "request.jsonrpc must be \"2.0\"")
        if request.get("method") != name:
            self.fail(where, f"request.method must be {name!r}, not {request.get('method')!r}")
        request_id = request.get("id")
        if "id" not in request or isinstance(request_id, (bool, float)) or not isinstance(request_id, (int, str)):
            self.fail(where, "request.id must be an integer or a string")
        extra = set(request) - {"jsonrpc", "id", "method", "params"}
        if extra:
            self.fail(where, f"request has unknown members {sorted(extra)}")
        if "params" not in request:
            self.fail(where, "request.params is missing (use {} for a method without params)")
        else:
            self.validate(where, "request.params", request["params"], params_schema)

        if response.get("jsonrpc") != "2.0":
            self.fail(where, "response.jsonrpc must be \"2.0\"")
        if response.get("id") != request_id or "id" not in response:
            self.fail(where, f"response.id {response.get('id')!r} does not match request.id {request_id!r}")
        extra = set(response) - {"jsonrpc", "id", "result"}
        if extra:
            self.fail(where, f"response has unexpected members {sorted(extra)}")
        if "result" not in response:
            self.fail(where, "response.result is missing")
        else:
            self.validate(where, "response.result", response["result"], result_schema)

    def check_notification_example(self, where, name, params_schema):
        example = self.load(os.path.join(self.directory, "examples", f"{name}{NOTIFICATION_SUFFIX}"), where)
        if example is None:
            return
        if not isinstance(example, dict) or set(example) != {"notification"} or not isinstance(example["notification"], dict):
            self.fail(where, "must be an object with exactly \"notification\" (an object)")
            return
        notification = example["notification"]
        if notification.get("jsonrpc") != "2.0":
            self.fail(where, "notification.jsonrpc must be \"2.0\"")
        if notification.get("method") != name:
            self.fail(where, f"notification.method must be {name!r}, not {notification.get('method')!r}")
        extra = set(notification) - {"jsonrpc", "method", "params"}
        if extra:
            self.fail(where, f"notification has unexpected members {sorted(extra)} (a notification has no id)")
        if "params" not in notification:
            self.fail(where, "notification.params is missing")
        else:
            self.validate(where, "notification.params", notification["params"], params_schema)

    def run(self):
        where = self.rel("openrpc.json")
        self.document = self.load(os.path.join(self.directory, "openrpc.json"), where)
        if self.document is None:
            return None
        methods, notifications = self.check_document()
        examples = self.check_examples(methods, notifications)
        return len(methods), examples


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        print(__doc__.strip())
        return 0 if len(argv) == 2 else 2
    directory = argv[1] if len(argv) == 2 else os.path.dirname(os.path.abspath(__file__))
    checker = Checker(directory)
    counts = checker.run()
    if checker.problems:
        for problem in checker.problems:
            print(f"rpc-schema: {problem}", file=sys.stderr)
        print(f"rpc-schema: FAILED with {len(checker.problems)} problem(s)", file=sys.stderr)
        return 1
    methods, examples = counts
    print(f"rpc-schema: {methods} methods, {examples} examples valid")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
