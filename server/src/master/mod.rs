//! Master data the rest of the server looks up: brands and media. Their own screens (list,
//! add, edit, delete) are `routes/settings/`; what other forms and pickers ask of them is here,
//! in one place each.

pub mod brands;
pub mod media;
