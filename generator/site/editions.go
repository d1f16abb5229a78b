package site

import (
	"cmp"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// edition is one language edition of the site: the root edition at the
// top of the output, each other one in a folder of its own ("zh/"), with
// every page again in its language.
type edition struct {
	Lang string // BCP 47 language: "zh-CN"
	Dir  string // "" for the root edition, else the folder with a slash: "zh/"
	// Name is the language's name in itself ("简体中文"), the label of
	// the language switch.
	Name string
}

// root reports whether e is the root edition.
func (e edition) root() bool { return e.Dir == "" }

// editions returns the editions of cat's site, the root edition first,
// each language's name read from its messages (the message
// "site.language_name").
func editions(cat *catalog.Catalog, tfs fs.FS) ([]edition, error) {
	var out []edition
	for i, lang := range cat.Site.Languages() {
		e := edition{Lang: lang}
		if i > 0 {
			e.Dir = cat.Site.Editions[i-1].Dir + "/"
		}
		if len(cat.Site.Editions) > 0 {
			msgs, err := render.LoadMessages(tfs, lang, func(catalog.Pos, string, ...any) {})
			if err != nil {
				return nil, err
			}
			if e.Name, err = msgs.T("site.language_name"); err != nil {
				return nil, err
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// editionsOf are editions(cat, tfs), or those k holds when the
// languages and the messages they are named from are the same as when it
// made them (nil k: made now, kept nowhere).
func (k *kept) editionsOf(cat *catalog.Catalog, tfs fs.FS) ([]edition, error) {
	if k == nil || len(cat.Site.Editions) == 0 {
		return editions(cat, tfs)
	}
	msgs, err := fs.Sub(tfs, "messages")
	if err != nil {
		return editions(cat, tfs)
	}
	key, err := treeKey(msgs, fmt.Sprint(cat.Site.Languages(), cat.Site.Editions))
	if err != nil {
		return editions(cat, tfs)
	}
	if k.eds != nil && key == k.edsKey {
		return slices.Clone(k.eds), nil
	}
	eds, err := editions(cat, tfs)
	if err == nil {
		k.eds, k.edsKey = slices.Clone(eds), key
	}
	return eds, err
}

// editionCatalog is cat as edition i (> 0) shows it: its language,
// currency, title and tagline in place of the root edition's, and each
// scenario's price ceiling, stated in the root edition's currency, in
// the edition's (scenarioCeilingsIn). The other records are shared.
func editionCatalog(cat *catalog.Catalog, i int) *catalog.Catalog {
	ed := cat.Site.Editions[i-1]
	c := *cat
	c.Site.Language = ed.Language
	c.Site.Currency = cmp.Or(ed.Currency, cat.Site.Currency)
	c.Site.Title = cmp.Or(ed.Title, cat.Site.Title)
	c.Site.Tagline = cmp.Or(ed.Tagline, cat.Site.Tagline)
	c.Scenarios = scenarioCeilingsIn(cat, c.Site.Currency)
	return &c
}

// scenarioCeilingsIn is cat's scenarios with each price ceiling
// (limits.max_per_gpu_hour, in the catalog's site currency) converted
// into currency at the catalog's rate and rounded as an amount of it is
// shown: the guide's "$1.5 per GPU-hour" is 10.22 元, not 1.5 元. A
// scenario without a ceiling, or a currency without a rate, is shared as
// it is.
func scenarioCeilingsIn(cat *catalog.Catalog, currency string) []*catalog.Scenario {
	conv, ok := pricing.Rates(cat.FX).Convert(cat.Site.Currency, currency)
	if !ok || conv.Factor == 1 {
		return cat.Scenarios
	}
	out := slices.Clone(cat.Scenarios)
	for i, s := range out {
		if s.Limits.MaxPerGPUHour == nil {
			continue
		}
		sc := *s
		max := pricing.ShownIn(currency, conv.Apply(*s.Limits.MaxPerGPUHour))
		sc.Limits.MaxPerGPUHour = &max
		out[i] = &sc
	}
	return out
}

// editionClash is the error of an edition whose folder the root edition
// already writes into (a folder named like a section of the site, or a
// content folder), or nil when there is none; under is the least path
// the root edition wrote into a folder at its top (write.Folder.Under).
func editionClash(cat *catalog.Catalog, under func(top string) (string, bool)) error {
	for i, e := range cat.Site.Editions {
		if p, ok := under(e.Dir); ok {
			return fmt.Errorf("data/site.yaml: editions[%d]: dir %q is a folder of the site already (%s): choose another", i, e.Dir, p)
		}
	}
	return nil
}

// alternates are p in every edition eds of the site, as the edition ed
// builds it: its twin's link from p, and its absolute URL when the site
// has one (siteBase). The 404 page of a site without a URL, shown at any
// depth, has none: its links could not be relative to it.
func alternates(p *pagemodel.Page, eds []edition, ed edition, siteBase string, pretty bool) []pagemodel.Alternate {
	if len(eds) < 2 || (p.Layout == "404" && siteBase == "") {
		return nil
	}
	out := make([]pagemodel.Alternate, 0, len(eds))
	for _, e := range eds {
		target := p.Path
		if e != ed && strings.HasPrefix(target, "compare/page-") {
			// Each edition splits the matrix by its own rows' bytes: page
			// n of one need not exist in another, whose first page is
			// the matrix's start.
			target = matrixPath(1)
		}
		root := pagemodel.Linker{Prefix: cmp.Or(p.Links.Shared, p.Links.Prefix) + e.Dir, Pretty: pretty}
		a := pagemodel.Alternate{Lang: e.Lang, Name: e.Name, URL: root.To(target), Current: e == ed}
		a.Href = a.URL
		if siteBase != "" {
			a.Href = siteBase + e.Dir + strings.TrimPrefix(pagemodel.Linker{Pretty: pretty}.To(target), "./")
		}
		out = append(out, a)
	}
	return out
}

// inLanguage is cat as its edition in lang shows it (editionCatalog): the
// report in the Chinese edition's language is in its currency too. A
// language no edition has only changes the language; "" changes nothing.
func inLanguage(cat *catalog.Catalog, lang string) *catalog.Catalog {
	if lang == "" || lang == cmp.Or(cat.Site.Language, "en") {
		return cat
	}
	for i, e := range cat.Site.Editions {
		if e.Language == lang {
			return editionCatalog(cat, i+1)
		}
	}
	c := *cat
	c.Site.Language = lang
	return &c
}
