package cards

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// A card's rows with ink are mostly ground: the margins, the space
// between words and after the text, the same across a glyph's stem from
// one row to the next. rowDeflater deflates such rows (RFC 1951) looking
// for a match in two places only, the byte before (a run of one byte) and
// the byte a row above, which finds most of what compress/flate finds in
// them at a few times its speed, and codes the block with Huffman codes
// of its own (a dynamic block).
type rowDeflater struct {
	tokens        []token
	out           []byte
	bw            bitWriter
	lit, dist, cl code // the block's codes
	lens          []uint8
	huff          huffman
}

// A token is a literal byte (dist 0) or a match of length bytes dist
// back.
type token struct {
	lit    byte
	length uint16
	dist   uint16
}

const (
	maxMatch = 258
	minMatch = 4
	endBlock = 256
)

// deflate is data, whose rows are stride bytes long, as one dynamic block
// that is not the last, then an empty stored block, which ends it at a
// byte boundary (as flate.Writer's Flush): a part of a zlib stream that
// another such part can follow. The result is the deflater's until its
// next call.
func (d *rowDeflater) deflate(data []byte, stride int) []byte {
	d.tokens = d.tokens[:0]
	for i := 0; i < len(data); {
		n, dist := 0, 0
		if i >= 1 {
			n, dist = matchLen(data[i:], data[i-1:]), 1
		}
		if i >= stride && stride <= 32768 {
			if m := matchLen(data[i:], data[i-stride:]); m > n {
				n, dist = m, stride
			}
		}
		if n >= minMatch {
			d.tokens = append(d.tokens, token{length: uint16(n), dist: uint16(dist)})
			i += n
			continue
		}
		d.tokens = append(d.tokens, token{lit: data[i]})
		i++
	}
	return d.block()
}

// matchLen is how many bytes a and b agree on from their start, at most
// maxMatch.
func matchLen(a, b []byte) int {
	n := min(len(a), len(b), maxMatch)
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// The lengths and distances of RFC 1951 3.2.5: each code's base and its
// number of extra bits.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// The order the code length code's lengths are written in.
	clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

// lengthCodes is the code (0–28, of symbol 257 on) of each match length.
var lengthCodes = func() (t [maxMatch + 1]uint8) {
	for n := minMatch; n <= maxMatch; n++ {
		c, _ := slices.BinarySearch(lengthBase[:], uint16(n+1))
		t[n] = uint8(c - 1)
	}
	return t
}()

// lengthCode is the code of a match length.
func lengthCode(n uint16) int { return int(lengthCodes[n]) }

// distCode is the code of a distance (1–32768): the two bits at the top
// of distance-1, and where they are.
func distCode(n uint16) int {
	x := uint32(n) - 1
	if x < 4 {
		return int(x)
	}
	top := bits.Len32(x) - 1
	return 2*top + int(x>>(top-1)&1)
}

// block writes the tokens as a dynamic block and the empty stored block
// after it.
func (d *rowDeflater) block() []byte {
	var litFreq [286]int
	var distFreq [30]int
	for _, t := range d.tokens {
		if t.dist == 0 {
			litFreq[t.lit]++
		} else {
			litFreq[257+lengthCode(t.length)]++
			distFreq[distCode(t.dist)]++
		}
	}
	litFreq[endBlock] = 1
	lit, dist := &d.lit, &d.dist
	d.huff.code(lit, litFreq[:], 15)
	d.huff.code(dist, distFreq[:], 15)

	nlit, ndist := 286, 30
	for nlit > 257 && lit.lens[nlit-1] == 0 {
		nlit--
	}
	for ndist > 1 && dist.lens[ndist-1] == 0 {
		ndist--
	}
	// The lengths of both codes, one sequence, in the code length code's
	// symbols: 16 repeats the last length 3–6 times, 17 and 18 zeros 3–10
	// and 11–138 times.
	type clSym struct{ sym, extra uint8 }
	var cls []clSym
	var clFreq [19]int
	all := append(append(d.lens[:0], lit.lens[:nlit]...), dist.lens[:ndist]...)
	d.lens = all
	for i := 0; i < len(all); {
		l := all[i]
		run := 1
		for i+run < len(all) && all[i+run] == l {
			run++
		}
		i += run
		switch {
		case l == 0:
			for run >= 11 {
				n := min(run, 138)
				cls = append(cls, clSym{18, uint8(n - 11)})
				run -= n
			}
			if run >= 3 {
				cls = append(cls, clSym{17, uint8(run - 3)})
				run = 0
			}
		default:
			cls = append(cls, clSym{l, 0})
			run--
			for run >= 3 {
				n := min(run, 6)
				cls = append(cls, clSym{16, uint8(n - 3)})
				run -= n
			}
		}
		for ; run > 0; run-- {
			cls = append(cls, clSym{l, 0})
		}
	}
	for _, c := range cls {
		clFreq[c.sym]++
	}
	cl := &d.cl
	d.huff.code(cl, clFreq[:], 7)
	ncl := 19
	for ncl > 4 && cl.lens[clOrder[ncl-1]] == 0 {
		ncl--
	}

	w := &d.bw
	w.reset(d.out[:0])
	w.write(0, 1) // not the last block
	w.write(2, 2) // dynamic codes
	w.write(uint64(nlit-257), 5)
	w.write(uint64(ndist-1), 5)
	w.write(uint64(ncl-4), 4)
	for _, s := range clOrder[:ncl] {
		w.write(uint64(cl.lens[s]), 3)
	}
	for _, c := range cls {
		cl.put(w, int(c.sym))
		switch c.sym {
		case 16:
			w.write(uint64(c.extra), 2)
		case 17:
			w.write(uint64(c.extra), 3)
		case 18:
			w.write(uint64(c.extra), 7)
		}
	}
	for _, t := range d.tokens {
		if t.dist == 0 {
			lit.put(w, int(t.lit))
			continue
		}
		lc := lengthCode(t.length)
		lit.put(w, 257+lc)
		w.write(uint64(t.length-lengthBase[lc]), uint(lengthExtra[lc]))
		dc := distCode(t.dist)
		dist.put(w, dc)
		w.write(uint64(t.dist-distBase[dc]), uint(distExtra[dc]))
	}
	lit.put(w, endBlock)
	// An empty stored block, not the last: to a byte boundary, then
	// LEN 0 and NLEN 0xffff.
	w.write(0, 3)
	w.align()
	d.out = append(w.bytes(), 0x00, 0x00, 0xff, 0xff)
	return d.out
}

// code is a prefix code: each symbol's length in bits (0 for a symbol
// not used) and its code, bit-reversed as deflate writes it.
type code struct {
	lens  []uint8
	codes []uint16
}

// huffman is what makes Huffman codes, its buffers kept from one code
// to the next.
type huffman struct {
	freq         []int
	nodes        []hnode
	queue, depth []int
}

// hnode is a node of a Huffman tree.
type hnode struct {
	weight      int
	order       int // ties: leaves by symbol, then the nodes made, in turn
	left, right int // children, -1 for a leaf
}

// code makes c a Huffman code of the frequencies freq no longer than
// limit bits, with at least two symbols (a code of one would be
// incomplete): halving the frequencies until the code fits.
func (h *huffman) code(c *code, freq []int, limit int) {
	f := append(h.freq[:0], freq...)
	h.freq = f
	used := 0
	for _, n := range f {
		if n > 0 {
			used++
		}
	}
	for i := 0; used < 2; i++ {
		if f[i] == 0 {
			f[i], used = 1, used+1
		}
	}
	c.lens = slices.Grow(c.lens[:0], len(f))[:len(f)]
	c.codes = slices.Grow(c.codes[:0], len(f))[:len(f)]
	for {
		if h.lengths(f, c.lens) <= limit {
			break
		}
		for i, n := range f {
			if n > 0 {
				f[i] = (n + 1) / 2
			}
		}
	}
	// Canonical codes (RFC 1951 3.2.2).
	var count [16]int
	for _, l := range c.lens {
		count[l]++
	}
	count[0] = 0
	var next [16]int
	for b, v := 1, 0; b < 16; b++ {
		v = (v + count[b-1]) << 1
		next[b] = v
	}
	for s, l := range c.lens {
		c.codes[s] = 0
		if l > 0 {
			c.codes[s] = bits.Reverse16(uint16(next[l])) >> (16 - l)
			next[l]++
		}
	}
}

// newCode is a Huffman code of freq no longer than limit bits (code).
func newCode(freq []int, limit int) code {
	var c code
	new(huffman).code(&c, freq, limit)
	return c
}

// put writes symbol s's code.
func (c *code) put(w *bitWriter, s int) { w.write(uint64(c.codes[s]), uint(c.lens[s])) }

// lengths sets lens to the lengths of a Huffman code of the
// frequencies (0 for a symbol of none) and returns the longest. Ties are
// broken by symbol, so that the same frequencies give the same code.
func (h *huffman) lengths(freq []int, lens []uint8) int {
	nodes := h.nodes[:0]
	for s, n := range freq {
		lens[s] = 0
		if n > 0 {
			nodes = append(nodes, hnode{n, s, -1, -1})
		}
	}
	leaves := len(nodes)
	less := func(a, b hnode) int {
		if a.weight != b.weight {
			return a.weight - b.weight
		}
		return a.order - b.order
	}
	// Two queues: the leaves sorted, and the nodes made, which come in
	// order of weight.
	slices.SortFunc(nodes, less)
	queue := h.queue[:0]
	li, qi := 0, 0
	pop := func() int {
		if li < leaves && (qi >= len(queue) || less(nodes[li], nodes[queue[qi]]) <= 0) {
			li++
			return li - 1
		}
		qi++
		return queue[qi-1]
	}
	for range leaves - 1 {
		a, b := pop(), pop()
		nodes = append(nodes, hnode{nodes[a].weight + nodes[b].weight, len(freq) + len(nodes), a, b})
		queue = append(queue, len(nodes)-1)
	}
	// Depths, from the root down: a node's children come before it.
	depth := slices.Grow(h.depth[:0], len(nodes))[:len(nodes)]
	depth[len(nodes)-1] = 0
	longest := 0
	for i := len(nodes) - 1; i >= leaves; i-- {
		depth[nodes[i].left] = depth[i] + 1
		depth[nodes[i].right] = depth[i] + 1
	}
	for i := range leaves {
		lens[nodes[i].order] = uint8(min(depth[i], 255))
		longest = max(longest, depth[i])
	}
	h.nodes, h.queue, h.depth = nodes, queue, depth
	return longest
}

// bitWriter writes bits, least significant first, as deflate packs them.
type bitWriter struct {
	buf   []byte
	acc   uint64
	nbits uint
}

func (w *bitWriter) reset(buf []byte) { w.buf, w.acc, w.nbits = buf, 0, 0 }

// write writes the n low bits of v (n at most 32).
func (w *bitWriter) write(v uint64, n uint) {
	w.acc |= v << w.nbits
	w.nbits += n
	for w.nbits >= 8 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
		w.nbits -= 8
	}
}

// align pads with zero bits to a byte boundary.
func (w *bitWriter) align() {
	if w.nbits > 0 {
		w.write(0, 8-w.nbits)
	}
}

// bytes is what was written, whole bytes (after align).
func (w *bitWriter) bytes() []byte { return w.buf }
