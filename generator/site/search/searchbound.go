package search

// searchCarried is how many aliases of a provider or a region the search
// entries of the records under it carry (its instance types, its
// regions), so that "阿里云 北京" finds the region: the first ones, the
// names people know it by best. Its own entry holds every alias (at most
// catalog.MaxAliases). An alias adds to its record's entry, and to a
// record under it at most searchCarried times: an index never grows with
// aliases times instances.
const searchCarried = 2

// carriedAliases is the aliases of a record that the entries under it carry.
func carriedAliases(aliases []string) []string {
	return aliases[:min(len(aliases), searchCarried)]
}
