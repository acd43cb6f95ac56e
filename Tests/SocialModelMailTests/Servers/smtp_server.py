#!/usr/bin/python3
"""A real SMTP server for AnalogKit's mail tests: Debian's aiosmtpd on 127.0.0.1, on a free port.

It writes the port to --port-file once it listens, and for every message it accepts, <n>.eml (the
bytes received) and <n>.json (the envelope, whether TLS and AUTH were used, whether MAIL FROM arrived
pipelined, and the message as Python's email package parses it) into --maildir. --behaviour makes it
refuse, defer, hang or drop the connection at a chosen step; --script replaces SMTP with a list of
raw replies, for hostile-reply tests. Debian's python3 runs it: /usr/bin/python3, whose
dist-packages hold aiosmtpd.
"""
import argparse
import asyncio
import base64
import email
import email.policy
import json
import os
import signal
import ssl
import sys
import threading
import time

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

parser = argparse.ArgumentParser()
parser.add_argument("--port-file", required=True)
parser.add_argument("--maildir", required=True)
parser.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
parser.add_argument("--cert")
parser.add_argument("--key")
parser.add_argument("--user")
parser.add_argument("--password")
parser.add_argument("--exclude-auth", action="append", default=[])
parser.add_argument("--pipelining", action="store_true")
parser.add_argument(
    "--behaviour",
    choices=["accept", "reject-rcpt", "tempfail-rcpt", "tempfail-data", "tempfail-data-once", "hang-data", "drop-after-mail", "hang"],
    default="accept")
parser.add_argument("--script", help="JSON list of base64 replies: the first on connecting, one per line received")
args = parser.parse_args()

# A child of Swift's concurrency threads starts with signals blocked; let SIGTERM and SIGINT work,
# and exit when the test process that started this one goes away, however it ends.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
parent = os.getppid()


def watch_parent():
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


threading.Thread(target=watch_parent, daemon=True).start()

attempts = 0


def parsed(content):
    """The message as Python's email package reads it, for the tests to compare."""
    message = email.message_from_bytes(content, policy=email.policy.default)
    parts = []
    for part in message.walk():
        if part.is_multipart():
            continue
        parts.append({"contentType": part.get_content_type(),
                      "charset": part.get_content_charset() or "",
                      "transferEncoding": part.get("Content-Transfer-Encoding", ""),
                      "content": part.get_content().replace("\r\n", "\n")})
    from_header = message["From"]
    to_header = message["To"]
    return {
        "subject": str(message["Subject"]),
        "fromName": from_header.addresses[0].display_name,
        "fromAddress": from_header.addresses[0].addr_spec,
        "toName": to_header.addresses[0].display_name,
        "toAddress": to_header.addresses[0].addr_spec,
        "messageID": str(message["Message-ID"]),
        "date": str(message["Date"]),
        "contentType": message.get_content_type(),
        "parts": parts,
        "defects": [type(defect).__name__ for part in message.walk() for defect in part.defects],
    }


class Handler:
    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        session.host_name = hostname
        if args.pipelining:
            responses.insert(len(responses) - 1, "250-PIPELINING")
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        # Pipelined: RCPT TO (and DATA) were already waiting when MAIL FROM was read.
        envelope.pipelined = len(server._reader._buffer) > 0
        if args.behaviour == "drop-after-mail":
            server.transport.close()
            return "250 OK"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if args.behaviour == "reject-rcpt":
            return "550 5.1.1 No such user here"
        if args.behaviour == "tempfail-rcpt":
            return "450 4.2.1 Mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        global attempts
        attempts += 1
        with open(os.path.join(args.maildir, "attempts"), "w") as f:
            f.write(str(attempts))
        if args.behaviour == "hang-data":
            await asyncio.sleep(3600)
        if args.behaviour == "tempfail-data" or (args.behaviour == "tempfail-data-once" and attempts == 1):
            return "451 4.3.0 Try again later"
        names = [name for name in os.listdir(args.maildir) if name.endswith(".eml")]
        base = os.path.join(args.maildir, str(len(names) + 1))
        with open(base + ".eml", "wb") as f:
            f.write(envelope.original_content)
        record = {
            "mailFrom": envelope.mail_from,
            "recipients": envelope.rcpt_tos,
            "mailOptions": envelope.mail_options,
            "pipelined": getattr(envelope, "pipelined", False),
            "tls": session.ssl is not None or args.tls == "implicit",
            "authenticatedAs": session.auth_data.login.decode() if session.authenticated else None,
            "message": parsed(envelope.original_content),
        }
        with open(base + ".json.tmp", "w") as f:
            json.dump(record, f)
        os.rename(base + ".json.tmp", base + ".json")
        return "250 2.0.0 Queued"


def authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == args.user \
        and auth_data.password.decode() == args.password
    return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)


def tls_context():
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
    return context


async def scripted(reader, writer):
    """Sends the first reply on connecting and each next one after a line from the client; null
    closes the connection at once. After the last reply it waits for one more line, then closes."""
    replies = [None if reply is None else base64.b64decode(reply) for reply in json.loads(args.script)]
    for index, reply in enumerate(replies):
        if reply is None:
            break
        if index > 0 and not await reader.readline():
            break
        writer.write(reply)
        await writer.drain()
    else:
        await reader.readline()
    writer.close()


async def hang(reader, writer):
    await asyncio.sleep(3600)


async def main():
    loop = asyncio.get_running_loop()
    if args.script:
        server = await asyncio.start_server(scripted, "127.0.0.1", 0)
    elif args.behaviour == "hang":
        server = await asyncio.start_server(hang, "127.0.0.1", 0)
    else:
        starttls = tls_context() if args.tls == "starttls" else None

        def factory():
            return SMTP(Handler(), hostname="smtp.test", tls_context=starttls, require_starttls=starttls is not None,
                        authenticator=authenticator if args.user else None, auth_required=bool(args.user),
                        auth_require_tls=args.tls == "starttls", auth_exclude_mechanism=args.exclude_auth,
                        loop=loop)

        server = await loop.create_server(factory, "127.0.0.1", 0,
                                          ssl=tls_context() if args.tls == "implicit" else None)
    port = server.sockets[0].getsockname()[1]
    with open(args.port_file + ".tmp", "w") as f:
        f.write(str(port))
    os.rename(args.port_file + ".tmp", args.port_file)
    async with server:
        await server.serve_forever()


asyncio.run(main())
