package site

import (
	"gpucompare/generator/site/pagemodel"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEscapePathEscapesEachSegment holds pagemodel.EscapePath, with its shortcut
// for paths that need no escaping, to url.PathEscape of each segment.
func TestEscapePathEscapesEachSegment(t *testing.T) {
	paths := []string{"", "/", "index.html", "instances/aws/p5.48xlarge/index.html", "a b/c?d", "x;y,z/é", "%41", "a//b/", "\x00\xff"}
	for c := range 256 {
		paths = append(paths, "gpus/a"+string(rune(c))+"b/index.html", "p/"+string([]byte{byte(c)}))
	}
	for _, p := range paths {
		segs := strings.Split(p, "/")
		for i, s := range segs {
			segs[i] = url.PathEscape(s)
		}
		if got, want := pagemodel.EscapePath(p), strings.Join(segs, "/"); got != want {
			t.Errorf("EscapePath(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestGPUPageAnswersFirst puts where to rent a GPU, cheapest first, above
// its spec sheet, with a link to its offers in the instance matrix that
// counts at least one offer for each priced instance type listed.
func TestGPUPageAnswersFirst(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	offers := regexp.MustCompile(`<a href="../../compare/index.html#gpu=([a-z0-9-]+)">Compare all (\d+) offers`)
	checked := 0
	for p, data := range files {
		if !strings.HasPrefix(p, "gpus/") || !strings.HasSuffix(p, "/index.html") || p == "gpus/index.html" {
			continue
		}
		page := string(data)
		rent, specs := strings.Index(page, `<h2 id="rent">Where to rent it</h2>`), strings.Index(page, `<h2>Specifications</h2>`)
		if rent < 0 || specs < 0 || rent > specs {
			t.Errorf("%s: where to rent it (at %d) does not come before the specifications (at %d)", p, rent, specs)
			continue
		}
		priced := strings.Count(page[rent:specs], `<td class="num from"><span class="money">`)
		if priced < 2 {
			continue
		}
		m := offers.FindStringSubmatch(page)
		if m == nil {
			t.Errorf("%s: %d priced instance types but no link to their offers in the matrix", p, priced)
			continue
		}
		if "gpus/"+m[1]+"/index.html" != p {
			t.Errorf("%s: the matrix link filters to %s", p, m[1])
		}
		if n, _ := strconv.Atoi(m[2]); n < priced {
			t.Errorf("%s: %d priced instance types, but the link counts %d offers", p, priced, n)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no GPU page of the fixture lists two priced instance types: the test is not testing")
	}
}

// TestGPUPageSaysWhoseFiguresTheyAre: the throughput table of a GPU whose
// figures are not its vendor's (figures_from: secondary) says so, in the
// words of each edition, and gpus.json carries whose they are; a vendor's
// figures keep "as the vendor states them".
func TestGPUPageSaysWhoseFiguresTheyAre(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	t4 := string(root["data/gpus/t4.yaml"].Data)
	root["data/gpus/t4.yaml"].Data = []byte(strings.Replace(t4, "source:", "figures_from: secondary\nnotes: Figures from a GPU database page, not NVIDIA's.\nsource:", 1))
	files, _ := build(t, root, Options{})
	for p, want := range map[string]string{
		"gpus/t4/index.html":             "but not the vendor&#39;s: no datasheet of the vendor&#39;s was found",
		"gpus/a100-sxm4-40gb/index.html": "as the vendor states them",
	} {
		page := string(files[p])
		if page == "" {
			t.Fatalf("no page %s", p)
		}
		if !strings.Contains(page, want) {
			t.Errorf("%s: the throughput table does not say %q", p, want)
		}
	}
	if strings.Contains(string(files["gpus/t4/index.html"]), "as the vendor states them") {
		t.Error("gpus/t4/index.html: secondary figures are said to be the vendor's")
	}
	api := string(files["gpus/gpus.json"])
	for _, want := range []string{`"id": "t4"`, `"figures_from": "secondary"`, `"figures_from": "vendor"`} {
		if !strings.Contains(api, want) {
			t.Errorf("gpus/gpus.json does not hold %s", want)
		}
	}
}

// TestGPUPageOfSecondaryRecordWithOnlyMemory: a record whose vendor
// publishes no datasheet keeps only the memory its name states
// (figures_from: secondary, every other figure unknown). Its page shows
// no throughput table, neither "as the vendor states them" nor a zero,
// and says in words, in each edition, that the throughput and bandwidth
// were not found.
func TestGPUPageOfSecondaryRecordWithOnlyMemory(t *testing.T) {
	root := twoEditions(t)
	root["data/gpus/t4.yaml"] = &fstest.MapFile{Data: []byte("id: t4\nname: T4\nmodel: T4\nvendor: NVIDIA\nmemory_gb: 16\nfigures_from: secondary\n" +
		"notes: 'NVIDIA publishes no datasheet (checked 2026-12-06, nvidia.com). Figures once here and dropped, FP32 8.1, a database page''s.'\n" +
		"source: NVIDIA driver README (names the GPU)\n")}
	files, _ := build(t, root, Options{})
	for p, want := range map[string][]string{
		"gpus/t4/index.html":    {"No public spec sheet figures:", "memory bandwidth", "peak throughput", "16\u00a0GB"},
		"zh/gpus/t4/index.html": {"公开规格资料未给出：", "显存带宽", "峰值算力", "16\u00a0GB"},
	} {
		page := string(files[p])
		if page == "" {
			t.Fatalf("no page %s", p)
		}
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s does not say %q", p, w)
			}
		}
		for _, bad := range []string{"as the vendor states them", "均为厂商公布的数字", ">0 TFLOPS", "NaN", ">8.1<"} {
			if strings.Contains(page, bad) {
				t.Errorf("%s holds %q: an unknown figure shown as a figure, or as the vendor's", p, bad)
			}
		}
	}
}
