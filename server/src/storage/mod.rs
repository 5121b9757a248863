//! Object storage for uploaded files and exports, through the object_store crate: a local
//! directory by default (`file://…`, README.md, "Configuration"), any S3-compatible store in production
//! (`s3://bucket/prefix`, every key under the prefix, with `AWS_ENDPOINT`, `AWS_ACCESS_KEY_ID`,
//! `AWS_SECRET_ACCESS_KEY`, `AWS_REGION` — Aliyun OSS through its S3-compatible endpoint).
//!
//! Keys are always made by the server: `uploads/<day>/<random>/<random>.<ext>` for uploads,
//! `partial/<upload id>/<chunk>` for chunks in flight, `exports/<random>/<name>.xlsx`.

pub mod files;
pub mod incoming;
pub mod policy;
pub mod purge;
pub mod sniff;
pub mod tags;

use std::path::Path as FsPath;
use std::sync::Arc;

use anyhow::{Context, bail};
use bytes::Bytes;
use futures_util::{Stream, TryStreamExt};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, WriteMultipart};
use tokio::io::AsyncReadExt;

use crate::config::Config;

/// Where uploads are written while they arrive, and jobs copy stored files to read them.
pub fn upload_temp_dir(config: &Config) -> std::path::PathBuf {
    config.data_dir.join("tmp").join("uploads")
}

/// Pieces in which files are streamed into the store.
const PIECE: usize = 8 * 1024 * 1024;

#[derive(Clone)]
pub struct Store {
    inner: Arc<dyn ObjectStore>,
}

impl Store {
    pub fn open(url: &str) -> anyhow::Result<Self> {
        let inner: Arc<dyn ObjectStore> = if let Some(dir) = url.strip_prefix("file://") {
            std::fs::create_dir_all(dir).with_context(|| format!("creating the file store {dir}"))?;
            Arc::new(LocalFileSystem::new_with_prefix(dir).context("opening the file store")?)
        } else if let Some(rest) = url.strip_prefix("s3://") {
            s3_store(rest)?
        } else {
            bail!("ADEVAL_FILES_URL must be a file:// or s3:// URL");
        };
        Ok(Self { inner })
    }

    pub fn path(key: &str) -> anyhow::Result<Path> {
        Path::parse(key).with_context(|| format!("bad object key {key}"))
    }

    /// Streams a local file into the store under `key`.
    pub async fn put_file(&self, key: &str, file: &FsPath) -> anyhow::Result<()> {
        let path = Self::path(key)?;
        let mut source = tokio::fs::File::open(file).await.with_context(|| format!("opening {}", file.display()))?;
        let upload = self.inner.put_multipart(&path).await.context("starting an object upload")?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PIECE);
        let mut buf = vec![0u8; 1024 * 1024];
        loop {
            let n = source.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            writer.wait_for_capacity(4).await?;
            writer.write(&buf[..n]);
        }
        writer.finish().await.context("finishing an object upload")?;
        Ok(())
    }

    pub async fn put_bytes(&self, key: &str, bytes: Bytes) -> anyhow::Result<()> {
        self.inner.put(&Self::path(key)?, bytes.into()).await?;
        Ok(())
    }

    /// The object's size and its bytes as a stream; `None` when it does not exist.
    pub async fn get(
        &self,
        key: &str,
    ) -> anyhow::Result<Option<(u64, impl Stream<Item = anyhow::Result<Bytes>> + Send + 'static)>> {
        match self.inner.get(&Self::path(key)?).await {
            Ok(found) => {
                let size = found.meta.size;
                Ok(Some((size, found.into_stream().map_err(anyhow::Error::from))))
            }
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Copies an object into a local file (importers read local files).
    pub async fn download_to(&self, key: &str, file: &FsPath) -> anyhow::Result<bool> {
        use tokio::io::AsyncWriteExt;
        let Some((_, mut stream)) = self.get(key).await? else { return Ok(false) };
        let mut out = tokio::fs::File::create(file).await.with_context(|| format!("creating {}", file.display()))?;
        while let Some(bytes) = stream.try_next().await? {
            out.write_all(&bytes).await?;
        }
        out.flush().await?;
        Ok(true)
    }

    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.inner.delete(&Self::path(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes every object under `prefix`.
    pub async fn delete_prefix(&self, prefix: &str) -> anyhow::Result<()> {
        let prefix = Self::path(prefix)?;
        let keys: Vec<Path> = self.inner.list(Some(&prefix)).map_ok(|meta| meta.location).try_collect().await?;
        for key in keys {
            match self.inner.delete(&key).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// Keys under `prefix` last modified before `cutoff`.
    pub async fn older_than(&self, prefix: &str, cutoff: chrono::DateTime<chrono::Utc>) -> anyhow::Result<Vec<String>> {
        let prefix = Self::path(prefix)?;
        let metas: Vec<object_store::ObjectMeta> = self.inner.list(Some(&prefix)).try_collect().await?;
        Ok(metas.into_iter().filter(|m| m.last_modified < cutoff).map(|m| m.location.to_string()).collect())
    }
}

/// The store of `bucket[/prefix]` (an `s3://` URL without its scheme), configured from the
/// `AWS_*` variables (endpoint, keys, region, `AWS_ALLOW_HTTP`): every key lives under the
/// prefix, so several deployments or test runs can share a bucket.
fn s3_store(bucket_and_prefix: &str) -> anyhow::Result<Arc<dyn ObjectStore>> {
    let (bucket, prefix) = bucket_and_prefix.split_once('/').unwrap_or((bucket_and_prefix, ""));
    if bucket.is_empty() {
        bail!("ADEVAL_FILES_URL names no bucket: s3://bucket/prefix");
    }
    let store = object_store::aws::AmazonS3Builder::from_env()
        .with_bucket_name(bucket)
        .build()
        .context("configuring the S3-compatible file store")?;
    let prefix = prefix.trim_matches('/');
    if prefix.is_empty() {
        return Ok(Arc::new(store));
    }
    let prefix = Path::parse(prefix).with_context(|| format!("ADEVAL_FILES_URL's prefix {prefix} is not a key prefix"))?;
    Ok(Arc::new(object_store::prefix::PrefixStore::new(store, prefix)))
}

/// Random text of `n` characters from `[A-Za-z0-9]`.
pub fn random_name(n: usize) -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..n).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn files_round_trip_through_the_local_store() {
        let dir = std::env::temp_dir().join(format!("adeval-store-{}", random_name(8)));
        let store = Store::open(&format!("file://{}", dir.display())).unwrap();
        let source = dir.join("source.bin");
        let bytes: Vec<u8> = (0..(3 * 1024 * 1024 + 17)).map(|i| (i % 251) as u8).collect();
        std::fs::write(&source, &bytes).unwrap();
        store.put_file("uploads/a/b.xlsx", &source).await.unwrap();
        let (size, stream) = store.get("uploads/a/b.xlsx").await.unwrap().unwrap();
        assert_eq!(size, bytes.len() as u64);
        let back: Vec<Bytes> = stream.try_collect().await.unwrap();
        assert_eq!(back.concat(), bytes);
        store.delete_prefix("uploads/a").await.unwrap();
        assert!(store.get("uploads/a/b.xlsx").await.unwrap().is_none());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
