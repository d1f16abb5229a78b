package site

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mmcdole/gofeed"
)

// TestAPriceEditReachesEveryView appends one price point to the test site
// and finds the change it makes in all three site-wide feeds, the feeds of
// its provider and GPU, /changes/ and the instance page.
func TestAPriceEditReachesEveryView(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	prices := string(root["data/prices/aws.yaml"].Data)
	prices = strings.Replace(prices, `  - instance: p4d.24xlarge
    region: us-east-1
    model: spot`, `  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 19.5
    currency: USD
    since: 2026-02-01
    source: https://aws.amazon.com/ec2/pricing/on-demand/
    source_kind: provider
  - instance: p4d.24xlarge
    region: us-east-1
    model: spot`, 1)
	root["data/prices/aws.yaml"] = &fstest.MapFile{Data: []byte(prices)}
	files, _ := build(t, root, Options{BaseURL: "https://gpus.example.com/preview/"})

	const title = "p4d.24xlarge on-demand, us-east-1: $21.96 → $19.50 (−11.2%)"
	for _, dir := range []string{"", "providers/aws/", "gpus/a100-sxm4-40gb/"} {
		for _, name := range []string{"feed.xml", "atom.xml", "feed.json"} {
			f, err := gofeed.NewParser().ParseString(string(files[dir+name]))
			if err != nil {
				t.Fatalf("%s%s: %v", dir, name, err)
			}
			first := f.Items[0]
			if first.Title != title {
				t.Errorf("%s%s: newest item %q, want %q", dir, name, first.Title, title)
			}
			if want := "tag:gpus.example.com,2026:price/aws/p4d.24xlarge/us-east-1/on_demand/2026-02-01"; first.GUID != want {
				t.Errorf("%s%s: id %q, want %q", dir, name, first.GUID, want)
			}
			if want := "https://gpus.example.com/preview/instances/aws/p4d.24xlarge/index.html"; first.Link != want {
				t.Errorf("%s%s: link %q, want %q", dir, name, first.Link, want)
			}
		}
	}
	if t4 := string(files["gpus/t4/feed.xml"]); strings.Contains(t4, "p4d") {
		t.Error("the T4 feed holds an A100 change")
	}
	if !strings.Contains(string(files["instances/aws/p4d.24xlarge/index.html"]), title) {
		t.Error("the instance page does not show the change")
	}
	changes := string(files["changes/index.html"])
	row, _, _ := strings.Cut(changes[strings.Index(changes, "<tbody>"):], "</tr>") // the newest change comes first
	for _, cell := range []string{"2026-02-01", "p4d", "$21.96", "$19.50", "−11.2%"} {
		if !strings.Contains(row, cell) {
			t.Errorf("/changes/: the first row lacks %q:\n%s", cell, row)
		}
	}
	home := string(files["index.html"])
	for _, link := range []string{`<link rel="alternate" type="application/rss&#43;xml"`, `href="feed.xml"`, `href="atom.xml"`, `href="feed.json"`} {
		if !strings.Contains(home, link) {
			t.Errorf("home page lacks feed autodiscovery %s", link)
		}
	}
	if p := string(files["providers/aws/index.html"]); !strings.Contains(p, `href="../../providers/aws/feed.xml"`) || !strings.Contains(p, `href="../../feed.xml"`) {
		t.Error("the provider page does not point to its own feeds and the site's")
	}
}

// TestFeedsNeedASiteURL: without an absolute URL no feed is written, and
// the build says why.
func TestFeedsNeedASiteURL(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["data/site.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(string(root["data/site.yaml"].Data), "url: https://gpus.example.com/\n", "", 1))}
	files, report := build(t, root, Options{})
	if _, ok := files["feed.xml"]; ok {
		t.Error("feed.xml written without a site URL")
	}
	if !strings.Contains(report.String(), "the price-change feeds need absolute URLs and were not written") {
		t.Errorf("no warning about the feeds:\n%s", report)
	}
	if strings.Contains(string(files["index.html"]), `rel="alternate" type="application/`) { // its Markdown twin's is text/markdown
		t.Error("pages point to feeds that were not written")
	}
}

// TestFeedsHoldTheLatestItems caps every feed at feed_items of site.yaml:
// the test site's feeds hold its newest changes only, in the same order,
// and the default cap (100) leaves them whole.
func TestFeedsHoldTheLatestItems(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	point := func(amount, since string) string {
		return "  - instance: p4d.24xlarge\n    region: us-east-1\n    model: on_demand\n    amount: " + amount +
			"\n    currency: USD\n    since: " + since + "\n    source: https://aws.amazon.com/ec2/pricing/on-demand/\n    source_kind: provider\n"
	}
	prices := strings.Replace(string(root["data/prices/aws.yaml"].Data), "  - instance: p4d.24xlarge\n    region: us-east-1\n    model: spot",
		point("19.5", "2026-02-01")+point("18.5", "2026-03-01")+"  - instance: p4d.24xlarge\n    region: us-east-1\n    model: spot", 1)
	root["data/prices/aws.yaml"] = &fstest.MapFile{Data: []byte(prices)}
	whole, _ := build(t, root, Options{BaseURL: "https://gpus.example.com/"})
	site := string(root["data/site.yaml"].Data)
	root["data/site.yaml"] = &fstest.MapFile{Data: []byte(site + "feed_items: 2\n")}
	capped, _ := build(t, root, Options{BaseURL: "https://gpus.example.com/"})
	for _, name := range []string{"feed.xml", "atom.xml", "feed.json"} {
		all, err := gofeed.NewParser().ParseString(string(whole[name]))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		some, err := gofeed.NewParser().ParseString(string(capped[name]))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(all.Items) <= 2 {
			t.Fatalf("%s: %d items: the test is not testing", name, len(all.Items))
		}
		if len(some.Items) != 2 {
			t.Fatalf("%s with feed_items: 2: %d items", name, len(some.Items))
		}
		for i, it := range some.Items {
			if it.GUID != all.Items[i].GUID {
				t.Errorf("%s item %d: %q, want the newest %q", name, i, it.GUID, all.Items[i].GUID)
			}
		}
	}
}
