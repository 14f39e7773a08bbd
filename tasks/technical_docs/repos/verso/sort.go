package verso

import "sort"

// Sort sorts vs in ascending order of precedence. Versions of equal
// precedence, which differ only in build metadata, keep their order.
func Sort(vs []Version) {
	sort.SliceStable(vs, func(i, j int) bool { return Compare(vs[i], vs[j]) < 0 })
}
