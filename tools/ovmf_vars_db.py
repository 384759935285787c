#!/usr/bin/env python3
"""Adds an X.509 certificate to the Secure Boot signature database (db) of a copy of an
OVMF variable store, for tests: a lab enrols its key in the firmware's key menu instead.

    tools/ovmf_vars_db.py VARS_IN.fd CERT.cer VARS_OUT.fd

The store is EDK2's authenticated variable store after the firmware volume header: each
variable an AUTHENTICATED_VARIABLE_HEADER (StartId 0x55AA, State, Attributes, MonotonicCount,
TimeStamp, PubKeyIndex, NameSize, DataSize, VendorGuid: 60 bytes), its UCS-2 name and its
data, 4-byte aligned; State 0x3F is a live variable, 0x3C a deleted one. The live db is
marked deleted and a new one appended holding its signature lists plus one
EFI_SIGNATURE_LIST of type EFI_CERT_X509_GUID (UEFI specification, 32.4.1 Signature
Database) with the certificate.
"""
import struct
import sys
import uuid

START_ID = 0x55AA
ADDED, DELETED = 0x3F, 0x3C
HEADER = 60
IMAGE_SECURITY_DATABASE = uuid.UUID("d719b2cb-3d3a-4596-a3bc-dad00e67656f")
CERT_X509 = uuid.UUID("a5c059a1-94e4-4aa7-87b5-ab155c2bf072")
OWNER = uuid.UUID("5550534d-4f4e-4c41-4200-000000000001")  # any GUID: the lab's


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: ovmf_vars_db.py VARS_IN.fd CERT.cer VARS_OUT.fd")
    store = bytearray(open(sys.argv[1], "rb").read())
    cert = open(sys.argv[2], "rb").read()
    if store[0x28:0x2C] != b"_FVH":
        sys.exit(f"{sys.argv[1]}: no firmware volume header")
    off = struct.unpack_from("<H", store, 0x30)[0] + 28  # past the variable store header
    db = None
    while struct.unpack_from("<H", store, off)[0] == START_ID:
        name_size, data_size = struct.unpack_from("<II", store, off + 36)
        guid = uuid.UUID(bytes_le=bytes(store[off + 44:off + 60]))
        name = store[off + HEADER:off + HEADER + name_size].decode("utf-16le").rstrip("\0")
        if store[off + 2] == ADDED and name == "db" and guid == IMAGE_SECURITY_DATABASE:
            db = off
        off = (off + HEADER + name_size + data_size + 3) & ~3
    if db is None:
        sys.exit(f"{sys.argv[1]}: no db variable (not a store with keys enrolled)")
    name_size, data_size = struct.unpack_from("<II", store, db + 36)
    header = bytearray(store[db:db + HEADER])
    name = store[db + HEADER:db + HEADER + name_size]
    data = store[db + HEADER + name_size:db + HEADER + name_size + data_size]
    entry = OWNER.bytes_le + cert
    siglist = CERT_X509.bytes_le + struct.pack("<III", 28 + len(entry), 0, len(entry)) + entry
    data = bytes(data) + siglist
    struct.pack_into("<I", header, 40, len(data))
    var = bytes(header) + bytes(name) + data
    if off + len(var) > len(store) or store[off:off + len(var)] != b"\xff" * len(var):
        sys.exit(f"{sys.argv[1]}: no free space for the new db")
    store[off:off + len(var)] = var
    store[db + 2] = DELETED
    open(sys.argv[3], "wb").write(store)


if __name__ == "__main__":
    main()
