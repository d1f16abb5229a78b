package site

import (
	"bytes"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/write"
)

// exports writes the matrices as CSV and JSON. Each pair is made from
// what its inputs name alone, so a Rebuilder keeps it while they are the
// same (sets, reuse.Sets.Put); a build that keeps nothing (nil sets)
// writes the offers straight into their files (offerFiles).
func (b *builder) exports(offers []*pricing.Offer, sets *reuse.Sets) error {
	site := b.cat.Site
	var err error
	if sets == nil {
		err = b.offerFiles(offers)
	} else {
		offersInputs := struct {
			Title, Currency string
			FX              []catalog.FXRate
			Offers          []*pricing.Offer // with their instance types, providers and GPU models
		}{site.Title, site.Currency, b.cat.FX, offers}
		err = sets.Put(b.files, "offers export", offersInputs, func() ([]write.File, error) {
			var js, cs bytes.Buffer
			if err := export.WriteOffers(&js, &cs, b.cat, b.tmpl.Msgs, offers); err != nil {
				return nil, err
			}
			return []write.File{{Path: paths.OffersJSON, Data: js.Bytes()}, {Path: paths.OffersCSV, Data: cs.Bytes()}}, nil
		})
	}
	if err != nil {
		return err
	}
	err = sets.Put(b.files, "gpus export", b.cat.GPUs, func() ([]write.File, error) {
		gj, gc, err := export.GPUExports(b.cat.GPUs)
		return []write.File{{Path: paths.GPUsJSON, Data: gj}, {Path: paths.GPUsCSV, Data: gc}}, err
	})
	if err != nil {
		return err
	}
	benchInputs := struct {
		Title, Currency string
		Benchmarks      []*catalog.Benchmark
		Groups          []*bench.Group
	}{site.Title, site.Currency, b.cat.Benchmarks, b.BenchGroups}
	return sets.Put(b.files, "benchmark exports", benchInputs, func() ([]write.File, error) {
		files, err := export.Bench(b.cat, b.Data, b.tmpl.Msgs)
		made := make([]write.File, len(files))
		for i, f := range files {
			made[i] = write.File{Path: f.Path, Data: f.Data}
		}
		return made, err
	})
}

// offerFiles writes compare/offers.json and compare/offers.csv offer by
// offer into the files, so that neither file, nor the export of every
// offer, is held whole.
func (b *builder) offerFiles(offers []*pricing.Offer) (err error) {
	jf, err := b.create(paths.OffersJSON)
	if err != nil {
		return err
	}
	defer export.CloseInto(jf, &err)
	cf, err := b.create(paths.OffersCSV)
	if err != nil {
		return err
	}
	defer export.CloseInto(cf, &err)
	return export.WriteOffers(jf, cf, b.cat, b.tmpl.Msgs, offers)
}

// OfferPrice is the price of one offer under one pricing model as
// compare/offers.json holds it (export.OfferPrice).
type OfferPrice = export.OfferPrice

// OfferPrices are the prices compare/offers.json holds for a catalog, in
// its order (export.OfferPrices), for the diff of two catalogs.
func OfferPrices(cat *catalog.Catalog) []OfferPrice { return export.OfferPrices(cat) }
