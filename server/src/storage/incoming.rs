//! A file arriving in an upload: streamed to a temporary file (never whole in memory) while it
//! is counted against its cap (-600 past it), hashed, and its head kept for sniffing.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::{random_name, sniff};
use crate::error::{AppError, Result};

/// A temporary file removed when dropped.
pub struct TempFile {
    pub path: PathBuf,
    pub size: u64,
    pub sha256: [u8; 32],
    /// The first [`sniff::HEAD`] bytes, to tell the file's type by.
    pub head: Vec<u8>,
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Writes bytes to a temp file while counting, hashing and keeping the head; -600 past `cap`.
pub struct TempWriter {
    file: tokio::fs::File,
    out: TempFile,
    hasher: Sha256,
    cap: u64,
}

impl TempWriter {
    /// In `dir`, made when missing (the server's is [`super::upload_temp_dir`]).
    pub async fn create(dir: &Path, cap: u64) -> Result<Self> {
        tokio::fs::create_dir_all(dir).await.map_err(anyhow::Error::from)?;
        let path = dir.join(format!("{}.part", random_name(24)));
        let file = tokio::fs::File::create(&path).await.map_err(anyhow::Error::from)?;
        Ok(Self { file, out: TempFile { path, size: 0, sha256: [0; 32], head: Vec::new() }, hasher: Sha256::new(), cap })
    }

    pub async fn write(&mut self, bytes: &[u8]) -> Result<()> {
        self.out.size += bytes.len() as u64;
        if self.out.size > self.cap {
            return Err(AppError::FILE_TOO_LARGE);
        }
        if self.out.head.len() < sniff::HEAD {
            let take = (sniff::HEAD - self.out.head.len()).min(bytes.len());
            self.out.head.extend_from_slice(&bytes[..take]);
        }
        self.hasher.update(bytes);
        self.file.write_all(bytes).await.map_err(anyhow::Error::from)?;
        Ok(())
    }

    /// The head read so far.
    pub fn head(&self) -> &[u8] {
        &self.out.head
    }

    pub async fn finish(mut self) -> Result<TempFile> {
        self.file.flush().await.map_err(anyhow::Error::from)?;
        self.out.sha256 = self.hasher.finalize().into();
        Ok(self.out)
    }
}
