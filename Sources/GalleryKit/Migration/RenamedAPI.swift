// Compiler-error stubs for public API that GalleryKit renamed, moved or removed.
//
// migration: no stub for PluralCategory, CountLanguage: moved to KitLocalization, which GalleryKit
// re-exports (through Imaging), so unqualified code compiles unchanged; a stub of the same name would
// make every use ambiguous. Only `GalleryKit.PluralCategory` spelled with the module breaks.
