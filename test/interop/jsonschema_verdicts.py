"""What Python's `jsonschema` makes of the published schemas (docs/api.md §3), for test/interop.

Reads one JSON object on standard input:
  schemas  {name: schema}: each checked as a Draft 2020-12 schema (check_schema, with the
           meta-schema's `format: regex` asserted: every `pattern` compiles with `re`)
  verdicts {name: schema}: the schemas the cases are judged by
  cases    [instance]: judged by each of `verdicts`
  sweeps   [{pattern, before, after}]: `re.search(pattern, before + chr(c) + after)` for the code
           points of test/support/pattern-sweeps.ts, as the `pattern` keyword of jsonschema runs it
Writes one JSON object: the versions, each schema's error (null when it is valid), each case's
verdict under each schema, the code points Python read in each case's strings (so the test can
check that a lone surrogate arrived as one), and each sweep's first verdict and flips.
"""

import json
import re
import sys
from importlib.metadata import version

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

LAST_CODE_POINT = 0x10FFFF
SWEPT_CODE_POINTS = [*range(0x10000), *range(0x10000, LAST_CODE_POINT, 257), LAST_CODE_POINT]


def schema_error(schema):
    """check_schema, with `format` asserted (so every `pattern` compiled as a `regex`): newer
    releases' check_schema does it, older ones, such as Debian's 4.10, are told to here."""
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        return error.message
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)
    error = next(iter(meta.iter_errors(schema)), None)
    return None if error is None else error.message


def code_points(instance):
    """Each string member of a case as the code points Python holds."""
    if not isinstance(instance, dict):
        return {}
    return {name: [ord(c) for c in value] for name, value in instance.items() if isinstance(value, str)}


def sweep(pattern, before, after):
    search = re.compile(pattern).search
    verdicts = [search(before + chr(code_point) + after) is not None for code_point in SWEPT_CODE_POINTS]
    flips = [code_point for index, code_point in enumerate(SWEPT_CODE_POINTS) if index > 0 and verdicts[index] != verdicts[index - 1]]
    return {"first": verdicts[0], "flipsAt": flips}


def main():
    # Bytes, decoded here: JSON carries a lone surrogate only as a \uD800 escape, which json
    # turns into the surrogate code point, and a pair as UTF-8 or escapes, which become one.
    request = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    validators = {name: Draft202012Validator(schema) for name, schema in request["verdicts"].items()}
    answer = {
        "versions": {"python": sys.version.split()[0], "jsonschema": version("jsonschema")},
        "schemaErrors": {name: schema_error(schema) for name, schema in request["schemas"].items()},
        "verdicts": {name: [validator.is_valid(case) for case in request["cases"]] for name, validator in validators.items()},
        "codePoints": [code_points(case) for case in request["cases"]],
        "sweeps": [sweep(**probe) for probe in request["sweeps"]],
    }
    # ensure_ascii: a lone surrogate goes back as an escape, which JSON.parse reads as one unit.
    sys.stdout.write(json.dumps(answer, ensure_ascii=True))


if __name__ == "__main__":
    main()
