#!/usr/bin/env python3
"""Hand-built edge strings (from the spec tables), one a line: "<label>\t<string>"."""
import os
import random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import ib, fib_code, fib_range_bits, to_b64, pad, gen_gpp, gen_tcfeuv2, gen_tcfcav1, range_int_bits

rng = random.Random(7)
P = []


def H(ids, style="byte6"):
    return pad(rng, ib(3, 6) + ib(1, 6) + fib_range_bits(rng, ids, "canonical"), style)


def add(label, s):
    P.append((label, s))


def p6(bits):
    return pad(rng, bits, "six")


def p8(bits):
    return pad(rng, bits, "byte6")


# ---- header
for n in [30, 31, 32, 33, 34]:
    # a Fibonacci code of exactly n bits (n-1 value bits, last value bit 1, then the terminator)
    code = "0" * (n - 2) + "11"
    add("hdr-fib-code-%dbits" % n, p6(ib(3, 6) + ib(1, 6) + ib(1, 12) + "0" + code) + "~AAAA")
for v in [4181, 6765, 10946, 17711, 28657, 46368, 65535, 65536, 75025, 121393, 196418, 317811, 514229]:
    add("hdr-fib-value-%d-codelen%d" % (v, len(fib_code(v))), p6(ib(3, 6) + ib(1, 6) + ib(1, 12) + "0" + fib_code(v)) + "~AAAA")
add("hdr-trailing-eq", H([6]) + "=~1YNN")
add("hdr-leading-space", " " + H([6]) + "~1YNN")
add("hdr-trailing-space", H([6]) + "~1YNN ")
add("hdr-dot-part", H([6]) + ".QA~1YNN")
add("hdr-type2", p6(ib(2, 6) + ib(1, 6) + ib(0, 12)))
add("hdr-version0", p6(ib(3, 6) + ib(0, 6) + ib(0, 12)))
add("hdr-id3", H([3]) + "~AAAA")
add("hdr-id4", H([4]) + "~AAAA")
add("hdr-id0-impossible-group-span", p6(ib(3, 6) + ib(1, 6) + ib(1, 12) + "1" + fib_code(6) + fib_code(1)) + "~1YNN~BAAAAAAAAAA")
add("hdr-count-0-extra-part", "DBAA~1YNN")
add("hdr-only-DBAA", "DBAA")
add("hdr-count-mismatch", H([6, 7]) + "~1YNN")
add("hdr-ends-in-count", "DBA")
add("hdr-ends-in-fib", p6(ib(3, 6) + ib(1, 6) + ib(1, 12) + "0" + "0000"))
add("hdr-huge-id", p6(ib(3, 6) + ib(1, 6) + ib(1, 12) + "0" + fib_code(65535)) + "~AAAA")
add("hdr-plus-char", H([6]).replace("B", "+", 1) + "~1YNN")
# ---- uspv1
for u in ["1ynn", "2YNN", "1YN", "1YNNN", "AYNN", "1YNX", "0---", "1---"]:
    add("usp-" + u, H([6]) + "~" + u)
# ---- unknown section raw text
for t in ["A+B", "AB=", "AB..C", "AB.", ".AB", "A B", "ABC.D.E"]:
    add("raw-" + t, H([40]) + "~" + t)
# ---- usnat layout by length
def usnat_bits(ver, lay, fill="01"):
    k = 6 + 9 * 2 + (24 if lay == 1 else 32) + (4 if lay == 1 else 6) + 8
    return ib(ver, 6) + (fill * 100)[: k - 6]
for ver in [1, 2]:
    for lay in [1, 2]:
        b = usnat_bits(ver, lay)
        for extra in [0, 1, 2, 3]:
            s = pad(rng, b, "six") + "A" * extra
            add("usnat-v%d-l%d-len%d" % (ver, lay, len(s) * 6), H([7]) + "~" + s)
add("usnat-v1-54bits", H([7]) + "~" + to_b64(usnat_bits(1, 1)[:54]))
add("usnat-v2-64bits", H([7]) + "~" + to_b64((usnat_bits(2, 2) + "0" * 6)[:66])[:11])
for v in [0, 3, 63]:
    add("usnat-version%d" % v, H([7]) + "~" + p6(usnat_bits(v, 2)))
for g in ["A", "QA", "Q", "Y", "gA", "wA", "4", "QAAA", "Q=", ""]:
    add("usnat-gpc-" + (g or "empty"), H([7]) + "~" + p6(usnat_bits(2, 2)) + "." + g)
add("usnat-3-parts", H([7]) + "~" + p6(usnat_bits(2, 2)) + ".QA.YA")
# ---- states
for sid, nm, nbits in [(8, "usca", 46), (9, "usva", 40), (11, "usut", 42), (13, "usfl", 46), (16, "ustx", 42)]:
    core = ib(1, 6) + ("10" * 40)[: nbits - 6]
    add(nm + "-core", H([sid]) + "~" + p6(core))
    add(nm + "-gpc", H([sid]) + "~" + p6(core) + ".YA")
    add(nm + "-gpc-type2", H([sid]) + "~" + p6(core) + ".gA")
    add(nm + "-version2", H([sid]) + "~" + p6(ib(2, 6) + core[6:]))
    add(nm + "-version0", H([sid]) + "~" + p6(ib(0, 6) + core[6:]))
    add(nm + "-short", H([sid]) + "~" + to_b64((core + "000000")[: (nbits // 6) * 6 - 6]))
    add(nm + "-extra-chars", H([sid]) + "~" + p6(core) + "AAAA")
# ---- new style
def newcore(sid, mv=1):
    n = 22 if sid == 24 else 24
    return ib(mv, 6) + ("01" * 20)[: n - 6]
for sid, nm in [(24, "usmd"), (25, "usin")]:
    hdr1 = p6(ib(sid, 6) + ib(1, 6) + fib_range_bits(rng, [1], "canonical"))
    add(nm + "-nohdr-mspaVersion=own-id", H([sid]) + "~" + p6(newcore(sid, sid)))
    add(nm + "-nohdr-mspaVersion=other-new-id", H([sid]) + "~" + p6(newcore(sid, 26 if sid != 26 else 27)))
    add(nm + "-hdr-version2", H([sid]) + "~" + p6(ib(sid, 6) + ib(2, 6) + ib(0, 12)) + "." + p6(newcore(sid)))
    add(nm + "-hdr-sub2", H([sid]) + "~" + p6(ib(sid, 6) + ib(1, 6) + fib_range_bits(rng, [2], "c")) + "." + p6(newcore(sid)) + ".YA")
    add(nm + "-hdr-sub12", H([sid]) + "~" + p6(ib(sid, 6) + ib(1, 6) + fib_range_bits(rng, [1, 2], "canonical")) + "." + p6(newcore(sid)) + ".YA.YA")
    add(nm + "-hdr-missing-opt", H([sid]) + "~" + hdr1 + "." + p6(newcore(sid)))
    add(nm + "-hdr-only", H([sid]) + "~" + hdr1)
    add(nm + "-hdr-core-extra-char", H([sid]) + "~" + hdr1 + "." + p6(newcore(sid)) + "AA" + ("." + "YA" if sid == 24 else ".VVU"))
    add(nm + "-nohdr-core-extra-chars", H([sid]) + "~" + p6(newcore(sid)) + "AAA")
    add(nm + "-nohdr-core-extra-chars-opt", H([sid]) + "~" + p6(newcore(sid)) + "AAA" + (".YA" if sid == 24 else ".VVU"))
    add(nm + "-nohdr-opt-type2", H([sid]) + "~" + p6(newcore(sid)) + ".gA")
    add(nm + "-nohdr-opt-short", H([sid]) + "~" + p6(newcore(sid)) + ".VV")
    add(nm + "-hdr-opt-short", H([sid]) + "~" + hdr1 + "." + p6(newcore(sid)) + ".VV")
    add(nm + "-hdr-opt-typed-sdc", H([sid]) + "~" + hdr1 + "." + p6(newcore(sid)) + ".VVVA")
# ---- tcfeuv2
def tcf_core(extra_bits="", restr=None):
    b = ib(2, 6) + ib(0, 36) * 2 + ib(1, 12) + ib(1, 12) + ib(0, 6) + ib(4, 6) + ib(13, 6) + ib(1, 12) + ib(4, 6) + "10"
    b += "0" * 12 + "0" * 24 + "0" * 24 + "0" + ib(3, 6) + ib(4, 6)
    return b
base = tcf_core()
def vend(bits):
    return bits
def tc(core_tail, segs=()):
    s = pad(rng, base + core_tail, "tcf24")
    return H([2]) + "~" + ".".join([s] + list(segs))
empty_vendor = ib(0, 16) + "0"
add("tcf-ok", tc(empty_vendor * 2 + ib(0, 12)))
add("tcf-range-id0", tc(ib(5, 16) + "1" + range_int_bits([(0, 0)]) + empty_vendor + ib(0, 12)))
add("tcf-range-end<start", tc(ib(5, 16) + "1" + "000000000001" + "1" + ib(4, 16) + ib(2, 16) + empty_vendor + ib(0, 12)))
add("tcf-range-above-max", tc(ib(5, 16) + "1" + range_int_bits([(3, 9)]) + empty_vendor + ib(0, 12)))
add("tcf-restr-type3", tc(empty_vendor * 2 + ib(1, 12) + ib(1, 6) + ib(3, 2) + range_int_bits([(1, 1)])))
add("tcf-restr-purpose0", tc(empty_vendor * 2 + ib(1, 12) + ib(0, 6) + ib(1, 2) + range_int_bits([(1, 1)])))
add("tcf-restr-id0", tc(empty_vendor * 2 + ib(1, 12) + ib(1, 6) + ib(1, 2) + range_int_bits([(0, 1)])))
add("tcf-restr-end<start", tc(empty_vendor * 2 + ib(1, 12) + ib(1, 6) + ib(1, 2) + "000000000001" + "1" + ib(4, 16) + ib(2, 16)))
add("tcf-restr-empty-entries", tc(empty_vendor * 2 + ib(2, 12) + ib(2, 6) + ib(1, 2) + ib(0, 12) + ib(1, 6) + ib(0, 2) + ib(0, 12)))
add("tcf-no-restr-count", H([2]) + "~" + p6(base + empty_vendor * 2))
add("tcf-restr-count-cut-11bits", H([2]) + "~" + to_b64(base + empty_vendor * 2 + "0" * 11 + "0" * ((-(len(base) + 34 + 11)) % 6)))
add("tcf-letter26", H([2]) + "~" + pad(rng, base[:108] + ib(26, 6) + base[114:] + empty_vendor * 2 + ib(0, 12), "tcf24"))
seg_pub = pad(rng, ib(3, 3) + "0" * 48 + ib(0, 6), "tcf24")
seg_dv = pad(rng, ib(1, 3) + ib(2, 16) + "0" + "11", "tcf24")
seg_dv2 = pad(rng, ib(1, 3) + ib(3, 16) + "0" + "001", "tcf24")
add("tcf-seg-type0", tc(empty_vendor * 2 + ib(0, 12), [pad(rng, ib(0, 3) + "0" * 30, "tcf24")]))
for t in [4, 5, 6, 7]:
    add("tcf-seg-type%d" % t, tc(empty_vendor * 2 + ib(0, 12), [pad(rng, ib(t, 3) + "0" * 30, "tcf24")]))
add("tcf-dup-dv", tc(empty_vendor * 2 + ib(0, 12), [seg_dv, seg_dv2]))
add("tcf-pub-then-dv", tc(empty_vendor * 2 + ib(0, 12), [seg_pub, seg_dv]))
add("tcf-empty-seg", tc(empty_vendor * 2 + ib(0, 12), ["", seg_dv]))
add("tcf-trailing-eq", tc(empty_vendor * 2 + ib(0, 12)) + "==")
add("tcf-version1-core", H([2]) + "~" + p6(ib(1, 6) + base[6:] + empty_vendor * 2 + ib(0, 12)))
add("tcf-bitfield-cut", H([2]) + "~" + p6(base + ib(100, 16) + "0" + "1" * 10))
# ---- tcfcav1
def ca_core(tail):
    b = ib(1, 6) + ib(0, 36) * 2 + ib(1, 12) + ib(1, 12) + ib(0, 6) + ib(4, 6) + ib(13, 6) + ib(1, 12) + ib(2, 6) + "1"
    b += "0" * 12 + "0" * 24 + "0" * 24
    return b + tail
def ca(tail, segs=(), style="byte6"):
    return H([5]) + "~" + ".".join([pad(rng, ca_core(tail), style)] + list(segs))
add("ca-ok", ca(empty_vendor * 2 + ib(0, 12)))
add("ca-restr-type3", ca(empty_vendor * 2 + ib(1, 12) + ib(1, 6) + ib(3, 2) + range_int_bits([(1, 1)])))
add("ca-restr-purpose0", ca(empty_vendor * 2 + ib(1, 12) + ib(0, 6) + ib(1, 2) + range_int_bits([(1, 1)])))
add("ca-restr-dup-pair", ca(empty_vendor * 2 + ib(2, 12) + ib(1, 6) + ib(1, 2) + range_int_bits([(5, 5)]) + ib(1, 6) + ib(1, 2) + range_int_bits([(2, 2)])))
add("ca-restr-empty", ca(empty_vendor * 2 + ib(1, 12) + ib(1, 6) + ib(1, 2) + range_int_bits([])))
add("ca-extra-zero-chars", ca(empty_vendor * 2 + ib(0, 12)) + "AAAA")
add("ca-extra-zero-chars-2", ca(empty_vendor * 2 + ib(0, 12)) + "AAAAAAAA")
add("ca-legacy-range", ca(ib(10, 16) + "1" + range_int_bits([(2, 4)]) + empty_vendor + ib(0, 12)))
add("ca-fib-range", ca(ib(10, 16) + "1" + fib_range_bits(rng, [2, 3, 4, 9], "canonical") + empty_vendor + ib(0, 12)))
add("ca-fib-range-single4", ca(ib(4, 16) + "1" + fib_range_bits(rng, [4], "canonical") + empty_vendor + ib(0, 12)))
add("ca-range-above-max", ca(ib(5, 16) + "1" + range_int_bits([(3, 9)]) + empty_vendor + ib(0, 12)))
add("ca-range-id0", ca(ib(5, 16) + "1" + range_int_bits([(0, 2)]) + empty_vendor + ib(0, 12)))
for t in [0, 2, 4, 7]:
    add("ca-sub-type%d" % t, ca(empty_vendor * 2 + ib(0, 12), [pad(rng, ib(t, 3) + "0" * 30, "byte6")]))
add("ca-dup-sub1", ca(empty_vendor * 2 + ib(0, 12), [seg_dv, seg_dv2]))
add("ca-version0", H([5]) + "~" + pad(rng, ib(0, 6) + ca_core(empty_vendor * 2 + ib(0, 12))[6:], "byte6"))
add("ca-no-restr-count", H([5]) + "~" + p6(ca_core(empty_vendor * 2)))
add("ca-letter26", H([5]) + "~" + pad(rng, ca_core("")[:108] + ib(26, 6) + ca_core("")[114:] + empty_vendor * 2 + ib(0, 12), "byte6"))
# ---- tcfeuv1
def v1core(tail):
    return ib(1, 6) + ib(0, 36) * 2 + ib(1, 12) + ib(1, 12) + ib(0, 6) + ib(4, 6) + ib(13, 6) + ib(1, 12) + "0" * 24 + tail
add("v1-range-default1", H([1]) + "~" + p8(v1core(ib(10, 16) + "1" + "1" + range_int_bits([(3, 4)]))))
add("v1-range-above-max", H([1]) + "~" + p8(v1core(ib(5, 16) + "1" + "0" + range_int_bits([(3, 9)]))))
add("v1-range-above-max-default1", H([1]) + "~" + p8(v1core(ib(5, 16) + "1" + "1" + range_int_bits([(3, 9)]))))
add("v1-range-id0", H([1]) + "~" + p8(v1core(ib(5, 16) + "1" + "0" + range_int_bits([(0, 0)]))))
add("v1-dot", H([1]) + "~" + p8(v1core(ib(0, 16) + "0")) + ".AAAA")
add("v1-version2", H([1]) + "~" + p8(ib(2, 6) + v1core(ib(0, 16) + "0")[6:]))

if __name__ == "__main__":
  for lab, s in P:
    print(lab + "\t" + s)
