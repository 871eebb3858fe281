#!/usr/bin/env python3
"""A real SMTP server for the tests (Debian's python3-aiosmtpd): plain, STARTTLS, implicit TLS, AUTH.

Each message taken is parsed with Python's own email package and written to FOLDER as N.json: the
envelope, whether TLS and AUTH were used, the decoded header fields, the MIME types in order and
the text and HTML parts. A file FOLDER/respond holding an SMTP reply ("451 4.3.0 Busy") is given
instead of taking a message, while it is there. Prints {"port": N} once listening."""

import argparse
import asyncio
import email
import email.policy
import json
import os
import ssl
import sys
import threading

from aiosmtpd.smtp import SMTP, AuthResult

parser = argparse.ArgumentParser()
parser.add_argument("--folder", required=True)
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--cert")
parser.add_argument("--key")
parser.add_argument("--implicit-tls", action="store_true")
parser.add_argument("--user")
parser.add_argument("--password")
options = parser.parse_args()


class Handler:
    async def handle_DATA(self, server, session, envelope):
        refusal = os.path.join(options.folder, "respond")
        if os.path.exists(refusal):
            with open(refusal) as file:
                return file.read().strip()
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        plain, html = message.get_body(("plain",)), message.get_body(("html",))
        record = {
            "mailFrom": envelope.mail_from,
            "recipients": envelope.rcpt_tos,
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "login": session.auth_data.decode() if isinstance(session.auth_data, bytes) else None,
            "headers": {name: str(value) for name, value in message.items()},
            "types": [part.get_content_type() for part in message.walk()],
            "text": plain.get_content() if plain else None,
            "html": html.get_content() if html else None,
        }
        count = len([name for name in os.listdir(options.folder) if name.endswith(".json")])
        path = os.path.join(options.folder, f"{count + 1}.json")
        with open(path + ".tmp", "w") as file:
            json.dump(record, file)
        os.rename(path + ".tmp", path)
        return "250 2.0.0 Taken"


def authenticate(server, session, envelope, mechanism, data):
    ok = data.login.decode() == options.user and data.password.decode() == options.password
    return AuthResult(success=ok, handled=False, auth_data=data.login if ok else None)


def context():
    if not options.cert:
        return None
    made = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    made.load_cert_chain(options.cert, options.key)
    return made


async def main():
    tls = context()
    def protocol():
        return SMTP(Handler(), hostname="localhost",
                    tls_context=None if options.implicit_tls else tls,
                    authenticator=authenticate if options.user else None,
                    auth_required=bool(options.user),
                    auth_require_tls=not options.implicit_tls)
    server = await asyncio.get_running_loop().create_server(protocol, "127.0.0.1", options.port,
                                                             ssl=tls if options.implicit_tls else None)
    print(json.dumps({"port": server.sockets[0].getsockname()[1]}), flush=True)
    await server.serve_forever()


# Ends with the test that started it: its standard input closes when that process ends, however it ends.
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
asyncio.run(main())
