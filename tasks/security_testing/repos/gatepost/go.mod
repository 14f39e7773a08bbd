module gatepost

go 1.19
