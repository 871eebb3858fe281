import sys, struct
src, dst, w, h = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
b = bytearray(open(src, 'rb').read())
for tag in (b'avc1', b'hvc1', b'hev1'):
    at = b.find(tag, b.find(b'stsd'))
    if at > 0:
        start = at - 4
        struct.pack_into('>HH', b, start + 32, w, h)
        break
t = b.find(b'tkhd')
if t > 0:
    version = b[t + 4]
    # tkhd: width and height are the last 8 bytes (16.16 fixed point)
    size = struct.unpack_from('>I', b, t - 4)[0]
    struct.pack_into('>II', b, t - 4 + size - 8, w << 16, h << 16)
open(dst, 'wb').write(b)
