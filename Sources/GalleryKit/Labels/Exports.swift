// The plural rules and the languages (PluralCategory, CountLanguage) live in KitLocalization, shared by
// every kit; GalleryKit re-exports them, so `import GalleryKit` code that names them compiles as before.
@_exported import KitLocalization
