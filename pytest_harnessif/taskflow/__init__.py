"""SWE-TaskFlow, part 1 (taskflow spec 1-4, 11-12): intents, the classifier, corpora, Task Flow distributions, TFAS,
task-flow figures and the classifier agreement check. A pure library: no pytest hooks or fixtures.

Modules: `intents` (labels), `models` (text models over the plugin's model clients), `classify` (+ `cache`, `baseline`),
`corpora` (loaders), `distributions` (P_L, P_T, P_R), `tfas` (score, bootstrap, gaps), `sankey` (figures),
`report` (text/HTML), `agree` (agreement check).
"""
