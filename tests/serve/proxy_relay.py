"""An ssh ProxyCommand for the tests: connects to the host from SOURCE, sends a PROXY
header (v1 or v2) naming CLIENT, then relays stdin and stdout both ways, as a load
balancer with send-proxy does. Usage: proxy_relay.py PORT SOURCE CLIENT v1|v2"""

import ipaddress
import os
import selectors
import socket
import struct
import sys

port, source, client, version = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
sock = socket.socket()
sock.bind((source, 0))
sock.connect(("127.0.0.1", port))
if version == "v1":
    sock.sendall(f"PROXY TCP4 {client} 127.0.0.1 40000 {port}\r\n".encode())
else:
    body = ipaddress.IPv4Address(client).packed + bytes([127, 0, 0, 1]) + struct.pack("!HH", 40000, port)
    sock.sendall(b"\r\n\r\n\x00\r\nQUIT\n" + bytes([0x21, 0x11]) + struct.pack("!H", len(body)) + body)
sel = selectors.DefaultSelector()
sel.register(sock, selectors.EVENT_READ)
sel.register(0, selectors.EVENT_READ)
while True:
    for key, _ in sel.select():
        if key.fileobj is sock:
            data = sock.recv(65536)
            if not data:
                sys.exit(0)
            os.write(1, data)
        else:
            data = os.read(0, 65536)
            if not data:
                sock.shutdown(socket.SHUT_WR)
                sel.unregister(0)
            else:
                sock.sendall(data)
