"""Every error `openapi-spec-validator` finds in OpenAPI documents (docs/api.md §13), for test/interop.

Reads a JSON object of documents by name on standard input; writes a JSON object with the
validator's version and, by name, the list of each document's errors, each a message and the
JSON Pointer of the part at fault.
"""

import json
import sys
from importlib.metadata import version

from openapi_spec_validator import OpenAPIV31SpecValidator


def pointer(path):
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def main():
    documents = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    errors = {
        name: [{"message": error.message, "at": pointer(error.absolute_path)} for error in OpenAPIV31SpecValidator(document).iter_errors()]
        for name, document in documents.items()
    }
    sys.stdout.write(json.dumps({"version": version("openapi-spec-validator"), "errors": errors}, ensure_ascii=True))


if __name__ == "__main__":
    main()
