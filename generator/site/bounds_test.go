package site

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/paths"
)

// maxOutputFile is the most any file of a site may hold.
const maxOutputFile = 2 << 20

// checkOutputSizes fails t for every file of files larger than
// maxOutputFile, and returns the size of the largest and of all.
func checkOutputSizes(t *testing.T, files Files) (largest, total int) {
	t.Helper()
	for name, data := range files {
		if len(data) > maxOutputFile {
			t.Errorf("%s is %d bytes: want at most %d", name, len(data), maxOutputFile)
		}
		largest = max(largest, len(data))
		total += len(data)
	}
	return largest, total
}

// TestWideTableInContentRefused builds a site whose content page holds a
// table of 3,000 columns (18 KB of Markdown, which goldmark made into 9
// million cells and a 90 MB page): the build is refused at the table.
func TestWideTableInContentRefused(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	md := "---\ntitle: Wide\n---\nA table:\n\n" + strings.Repeat("|a", 3000) + "|\n" + strings.Repeat("|-", 3000) + "|\n" + strings.Repeat("a\n", 3000)
	root["content/wide.md"] = &fstest.MapFile{Data: []byte(md)}
	cat, rep := catalog.Load(root)
	if len(rep.Errors()) > 0 {
		t.Fatal(rep.Errors())
	}
	files, rep, err := Build(cat, root, Options{})
	want := "content/wide.md:6:1: table has 3,000 columns × 3,001 rows (9,003,000 cells); at most 5,000 cells: split it, or keep the figures in the catalog"
	if err == nil || files != nil || len(rep.Errors()) != 1 || rep.Errors()[0].String() != want {
		t.Errorf("got %v and report\n%s\nwant %s", err, rep, want)
	}
}

// TestManyContentPagesKeepPagesSmall builds a site of 3,000 tiny content
// pages, which made 974 MB of HTML when every page's footer listed every
// content page: now each page lists a few and links the index of all.
func TestManyContentPagesKeepPagesSmall(t *testing.T) {
	maxListedPages := maxListed(t)
	root, _ := readArchive(t, "testdata/site.txtar")
	for i := range 3000 {
		root[fmt.Sprintf("content/notes/n%04d.md", i)] = &fstest.MapFile{Data: fmt.Appendf(nil, "---\ntitle: Note %d\n---\nText.\n", i)}
	}
	files, _ := build(t, root, Options{})
	checkLinks(t, files)
	largest, total := checkOutputSizes(t, files)
	if page := len(files["notes/n0001/index.html"]); page > 16<<10 {
		t.Errorf("a tiny content page is %d bytes: its frame grows with the number of content pages", page)
	}
	if total > 64<<20 {
		t.Errorf("the site is %d bytes", total)
	}
	foot := string(files["notes/n0001/index.html"])
	for _, want := range []string{`href="../../about/index.html">About`, `href="../../methodology/index.html">`, `href="../../pages/index.html">All 3,002 pages</a>`} {
		if !strings.Contains(foot, want) {
			t.Errorf("a content page's footer lacks %s", want)
		}
	}
	if n := strings.Count(foot, `href="../../notes/`); n != maxListedPages-3 {
		t.Errorf("a content page links %d notes, want %d", n, maxListedPages-3)
	}
	index := string(files[paths.PagesIndex])
	if n := strings.Count(index, `href="../notes/n`); n != 3000+maxListedPages-3 { // and its footer
		t.Errorf("the index links %d notes, want 3000 and its footer's", n)
	}
	if !strings.Contains(index, `<h2 id="in-notes">notes/`) || !strings.Contains(index, `<h2 id="top">Pages`) {
		t.Error("the index does not group the pages by folder")
	}
	t.Logf("largest file %d bytes, site %d bytes", largest, total)
}

// maxListed is how many content pages every page lists before it links
// the index of all of them instead (kinds.ListedPages).
func maxListed(t *testing.T) int {
	t.Helper()
	pages := make([]*content.ContentPage, 100)
	for i := range pages {
		pages[i] = &content.ContentPage{Path: fmt.Sprintf("n%d/index.html", i)}
	}
	listed, all := kinds.ListedPages(pages)
	if all == nil || len(listed) < 2 {
		t.Fatalf("of 100 content pages, %d listed, index %v", len(listed), all)
	}
	return len(listed) + 1
}

// TestFewContentPagesAreAllListed checks that a site of a few content
// pages lists them all, with no index.
func TestFewContentPagesAreAllListed(t *testing.T) {
	maxListedPages := maxListed(t)
	root, _ := readArchive(t, "testdata/site.txtar")
	for i := range maxListedPages - 2 {
		root[fmt.Sprintf("content/notes/n%d.md", i)] = &fstest.MapFile{Data: fmt.Appendf(nil, "---\ntitle: Note %d\n---\nText.\n", i)}
	}
	files, _ := build(t, root, Options{})
	if _, ok := files[paths.PagesIndex]; ok {
		t.Errorf("%d content pages have an index", maxListedPages)
	}
	if n := strings.Count(string(files["index.html"]), `href="notes/`); n != 2*(maxListedPages-2) { // the list on the home page, and the footer
		t.Errorf("the home page links %d notes, want %d", n, 2*(maxListedPages-2))
	}
}

// TestAliasesDoNotMultiplySearchEntries builds a site whose provider has
// as many aliases as it may, each as long as it may be, and a thousand
// instance types: each alias is in the provider's entry, and only the
// first two in the entries of its instance types. 100,000 aliases, which
// made a 15 MB index, are refused at the first one too many.
func TestAliasesDoNotMultiplySearchEntries(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	var aliases []string
	for i := range catalog.MaxAliases {
		aliases = append(aliases, fmt.Sprintf("alias%02d-%s", i, strings.Repeat("x", 192)))
	}
	var in strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&in, "  - {id: i%d, name: I%d, gpu: t4, gpu_count: 1, regions: [all], source: https://example.com/i}\n", i, i)
	}
	aws := string(root["data/providers/aws.yaml"].Data)
	aws = strings.Replace(aws, "name: AWS\n", "name: AWS\naliases: ["+strings.Join(aliases, ", ")+"]\n", 1)
	aws = strings.Replace(aws, "instances:\n", "instances:\n"+in.String(), 1)
	root["data/providers/aws.yaml"] = &fstest.MapFile{Data: []byte(aws)}
	files, _ := build(t, root, Options{})
	checkOutputSizes(t, files)
	index := string(files[searchIndexPath])
	t.Logf("search index: %d bytes", len(index))
	// The provider's entry holds an alias in its names and its facts line.
	if n := strings.Count(index, "alias31-"); n != 2 {
		t.Errorf("the last alias is in %d places, want 2: the provider's entry", n)
	}
	if n := strings.Count(index, "alias01-"); n != 2+1002+2 {
		t.Errorf("the second alias is in %d places, want %d: the provider's entry and those of its 1,002 instance types and 2 regions", n, 2+1002+2)
	}

	var many strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&many, "a%d, ", i)
	}
	aws = strings.Replace(string(root["data/providers/aws.yaml"].Data), "aliases: [", "aliases: ["+many.String(), 1)
	root["data/providers/aws.yaml"] = &fstest.MapFile{Data: []byte(aws)}
	_, rep := catalog.Load(root)
	if want := `data/providers/aws.yaml:3:161: provider "aws": 100,032 aliases: want at most 32, the other names people know it by`; len(rep.Errors()) != 1 || rep.Errors()[0].String() != want {
		t.Errorf("got\n%s\nwant %s", rep.Errors(), want)
	}
}

// TestLargeContentRefused checks the bounds of a content page beyond its
// tables, each at its position: its Markdown, one list, its HTML.
func TestLargeContentRefused(t *testing.T) {
	md := content.NewMarkdown()
	fm := "---\ntitle: Big\n---\n"
	tests := []struct{ name, src, want string }{
		{"a list of 10,000 items", fm + "Intro.\n\n" + strings.Repeat("- [ ] a\n", 10000),
			"content/x.md:1006:1: list has 10,000 items; at most 1,000: split it, or keep the figures in the catalog"},
		{"a nested list of 2,000 items", fm + "- a\n" + strings.Repeat("  - b\n", 2000),
			"content/x.md:1005:3: list has 2,000 items; at most 1,000: split it, or keep the figures in the catalog"},
		{"300 KB of Markdown", fm + strings.Repeat("A line of text, ten words long, in a long page.\n", 6400),
			"content/x.md:5465:17: page is 307,200 bytes of Markdown; at most 262,144: split it into pages"},
		{"250 KB of ampersands", fm + strings.Repeat(strings.Repeat("&", 99)+"\n", 2500),
			"content/x.md:4:1: page converts to 1,240,007 bytes of HTML; at most 1,048,576: split it into pages"},
	}
	for _, tt := range tests {
		_, errs := content.Convert(md, nil, "content/x.md", []byte(tt.src))
		if len(errs) != 1 || errs[0].String() != tt.want {
			t.Errorf("%s: got %v\nwant %s", tt.name, errs, tt.want)
		}
	}
	// A thousand items, and lists of them one after another, are fine.
	if p, errs := content.Convert(md, nil, "content/x.md", []byte(fm+strings.Repeat(strings.Repeat("- a\n", 1000)+"\nText.\n\n", 20))); p == nil || len(errs) > 0 {
		t.Errorf("lists of 1,000 items refused: %v", errs)
	}
}

// TestManyHeadingsGetTheirIDs converts 20,000 headings of one text,
// which took minutes when each took the ids of the ones before it from
// the first suffix on. The time is BenchmarkManyHeadings's; here, each
// heading gets its own id.
func TestManyHeadingsGetTheirIDs(t *testing.T) {
	p, errs := content.Convert(content.NewMarkdown(), nil, "content/x.md", []byte("---\ntitle: H\n---\n"+strings.Repeat("# a\n\n# a-2\n\n", 500)))
	if p == nil || len(errs) > 0 {
		t.Fatal(errs)
	}
	html := string(p.HTML)
	for _, id := range []string{`id="a"`, `id="a-1"`, `id="a-2"`, `id="a-2-1"`, `id="a-3"`, `id="a-499"`, `id="a-2-498"`, `id="a-500"`} {
		if strings.Count(html, id+">") != 1 {
			t.Errorf("%s: %d times, want once", id, strings.Count(html, id+">"))
		}
	}
}

func BenchmarkManyHeadings(b *testing.B) {
	md := content.NewMarkdown()
	src := []byte("---\ntitle: H\n---\n" + strings.Repeat("# a\n", 20000))
	for b.Loop() {
		if p, errs := content.Convert(md, nil, "content/x.md", src); p == nil {
			b.Fatal(errs)
		}
	}
}

// BenchmarkWideTableRefused is the time to refuse the 18 KB table of
// 3,000 columns, which goldmark took 70 s to convert.
func BenchmarkWideTableRefused(b *testing.B) {
	md := content.NewMarkdown()
	src := []byte("---\ntitle: Wide\n---\n" + strings.Repeat("|a", 3000) + "|\n" + strings.Repeat("|-", 3000) + "|\n" + strings.Repeat("a\n", 3000))
	for b.Loop() {
		if p, _ := content.Convert(md, nil, "content/x.md", src); p != nil {
			b.Fatal("not refused")
		}
	}
}
