"""The data, read and checked once: YAML with line numbers, the record schema and registry of
data files, the model (frozen after load) and the load steps that make it, validation errors in
the project's words, the one reference check for every id written in data, evidence (its schema,
checks and loading), fact checks, page shells and mkdocs.yml, and what is derived from the model alone
(routes, the JSON Schema, the data version, the data's inline text as markup); and the model as
pages read it, each read recorded (recorded_model.py). Imports settings."""
