package verso_test

import (
	"fmt"

	"github.com/quayside/verso"
)

func ExampleParse() {
	v, err := verso.Parse("v1.4.2-rc.1+build.7")
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Major, v.Minor, v.Patch, v.Pre, v.Build)
	fmt.Println(v)
	// Output:
	// 1 4 2 [rc 1] [build 7]
	// 1.4.2-rc.1+build.7
}

func ExampleVersion_IncMinor() {
	fmt.Println(verso.MustParse("1.4.2").IncMinor())
	fmt.Println(verso.MustParse("1.5.0-rc.1").IncMinor())
	// Output:
	// 1.5.0
	// 1.5.0
}
