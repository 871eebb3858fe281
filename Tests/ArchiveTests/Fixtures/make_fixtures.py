"""Makes the hostile zip files ArchiveTests unpack. Run from this folder: python3 make_fixtures.py

Each file is what an attacker could send: names that climb out of the folder, links, devices,
duplicate names, encrypted entries, and zip bombs whose headers tell the truth or lie.
"""
import stat
import struct
import zipfile


def entry(archive, name, data=b"x", mode=None, compress=zipfile.ZIP_STORED):
    info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
    info.compress_type = compress
    if mode is not None:
        info.create_system = 3  # Unix: libarchive reads the mode from the upper 16 bits
        info.external_attr = mode << 16
    archive.writestr(info, data)


def make(name, *entries):
    with zipfile.ZipFile(name, "w") as archive:
        for args in entries:
            entry(archive, *args)


make("dotdot.zip", ("ok.txt",), ("../escaped.txt",))
make("dotdot-inside.zip", ("photos/../../escaped.txt",))
make("absolute.zip", ("/tmp/homepwner-escaped.txt",))
make("backslash.zip", ("..\\escaped.txt",))
make("symlink.zip", ("ok.txt",), ("link", b"/etc/passwd", stat.S_IFLNK | 0o777))
make("fifo.zip", ("pipe", b"", stat.S_IFIFO | 0o644))
make("device.zip", ("disk", b"", stat.S_IFBLK | 0o644))
make("duplicate.zip", ("a.txt", b"first"), ("a.txt", b"second"))
make("file-then-folder.zip", ("a", b"a file"), ("a/b.txt", b"inside"))

# 64 MiB of zeros deflate to about 64 KB: a thousand to one.
zeros = bytes(64 << 20)
make("bomb.zip", ("small.txt", b"hello"), ("zeros.bin", zeros, None, zipfile.ZIP_DEFLATED))


def patch_sizes(name, member, fake_size):
    """Rewrites the uncompressed size of `member` in its local and central headers: a lying bomb."""
    data = bytearray(open(name, "rb").read())
    encoded = member.encode()
    local = data.find(b"PK\x03\x04" + b"\x00" * 0, 0)
    while local != -1:
        name_length = struct.unpack_from("<H", data, local + 26)[0]
        if data[local + 30:local + 30 + name_length] == encoded:
            struct.pack_into("<I", data, local + 22, fake_size)
        local = data.find(b"PK\x03\x04", local + 4)
    central = data.find(b"PK\x01\x02")
    while central != -1:
        name_length = struct.unpack_from("<H", data, central + 28)[0]
        if data[central + 46:central + 46 + name_length] == encoded:
            struct.pack_into("<I", data, central + 24, fake_size)
        central = data.find(b"PK\x01\x02", central + 4)
    open(name, "wb").write(bytes(data))


make("lying-bomb.zip", ("zeros.bin", zeros, None, zipfile.ZIP_DEFLATED))
patch_sizes("lying-bomb.zip", "zeros.bin", 1000)


def set_encrypted_flag(name):
    """Sets bit 0 (encrypted) of the general-purpose flags in every header."""
    data = bytearray(open(name, "rb").read())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        position = data.find(signature)
        while position != -1:
            data[position + offset] |= 1
            position = data.find(signature, position + 4)
    open(name, "wb").write(bytes(data))


make("encrypted.zip", ("secret.txt", b"not really secret"))
set_encrypted_flag("encrypted.zip")

open("not-a-zip.zip", "wb").write(b"name,value\nthis is a CSV file, not a zip\n")
