package catalog

// What the tests outside the package need of it: the kinds of catalog
// file with the type each decodes into, and the small valid catalog the
// package's own tests start from.
var (
	CatalogFiles = catalogFiles
	BaseCatalog  = base
)
