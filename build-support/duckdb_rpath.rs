//! Build script shared by the crates whose binaries load libduckdb.so: it records
//! DUCKDB_LIB_DIR as a run-time search path, so binaries and tests find the library without
//! LD_LIBRARY_PATH. With the `bundled` feature DuckDB is linked in and this does nothing.

fn main() {
    println!("cargo:rerun-if-env-changed=DUCKDB_LIB_DIR");
    if let Ok(dir) = std::env::var("DUCKDB_LIB_DIR")
        && !dir.is_empty()
    {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
