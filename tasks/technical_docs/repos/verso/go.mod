module github.com/quayside/verso

go 1.19
