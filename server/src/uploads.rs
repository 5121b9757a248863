//! How an upload completes (docs/api.md, "Uploads"): a file that arrived whole, or the chunks
//! of one that arrives in parts, becomes a stored object, its file record and its import job.
//!
//! Chunks wait in the store under `partial/<upload>/<chunk>`; the upload completes when every
//! chunk is there, in whatever order they came, a repeated chunk replacing its earlier copy.
//! Completion refuses content already uploaded for the same purpose (-602), stores the object
//! under the server-made key, and writes the file record and its import job in one
//! transaction. The HTTP side (`routes/upload.rs`) reads the form, checks the policy and
//! streams the file to a temporary file before it calls this.

use std::path::Path;

use futures_util::TryStreamExt;
use sqlx::{PgConnection, PgPool};

use crate::error::{AppError, Result};
use crate::jobs;
use crate::storage::incoming::{TempFile, TempWriter};
use crate::storage::policy::{CHUNK_BYTES, Grant, MAX_FILE_BYTES};
use crate::storage::{Store, sniff, tags};

/// A file of at most 50 MB in 10 MB chunks has at most this many.
pub const MAX_CHUNKS: u32 = MAX_FILE_BYTES.div_ceil(CHUNK_BYTES) as u32;

/// A file arriving under a verified policy.
pub struct Upload<'a> {
    /// The uploader, whom the policy names.
    pub admin_id: i64,
    pub grant: &'a Grant,
    /// The object key the policy granted.
    pub key: &'a str,
    /// Told by the original file name; the content must match it.
    pub extension: &'static str,
}

/// A completed upload: its file record and import job.
pub struct Stored {
    pub file_id: i64,
    pub job_id: i64,
}

/// What a chunk did to its upload.
pub enum Chunked {
    /// Chunks are still missing; `received` distinct ones have arrived.
    Waiting { received: i64 },
    Complete(Stored),
}

impl Upload<'_> {
    /// Completes a single-part upload: stores it and writes its record and job.
    pub async fn complete(&self, db: &PgPool, store: &Store, file: TempFile) -> Result<Stored> {
        let mut tx = db.begin().await?;
        let stored = self.store(&mut tx, store, &file).await?;
        if let Err(e) = tx.commit().await {
            let _ = store.delete(self.key).await;
            return Err(e.into());
        }
        Ok(stored)
    }

    /// Keeps chunk `chunk` of `chunks` and, when it was the last one missing, completes the
    /// upload. `temp_dir` is where the chunks are put together.
    pub async fn add_chunk(
        &self,
        db: &PgPool,
        store: &Store,
        temp_dir: &Path,
        chunk: u32,
        chunks: u32,
        temp: TempFile,
    ) -> Result<Chunked> {
        if chunk == 0 && !sniff::matches(self.extension, &temp.head) {
            return Err(AppError::FILE_WRONG_TYPE);
        }
        if chunk + 1 < chunks && temp.size != CHUNK_BYTES {
            return Err(AppError::field("chunk", "分片大小应为 10MB（最后一片除外）"));
        }
        already_stored(db, self.key).await?;
        let (upload_id, owner, expected, done): (i64, i64, i32, bool) = sqlx::query_as(
            "insert into uploads (key, admin_id, chunks) values ($1, $2, $3)
             on conflict (key) do update set key = excluded.key
             returning id, admin_id, chunks, completed_at is not null",
        )
        .bind(self.key)
        .bind(self.admin_id)
        .bind(chunks as i32)
        .fetch_one(db)
        .await?;
        if owner != self.admin_id {
            return Err(AppError::Forbidden);
        }
        if done {
            return Err(AppError::conflict("该文件已上传完成"));
        }
        if expected != chunks as i32 {
            return Err(AppError::field("chunks", "分片数量与首个分片不一致"));
        }
        store.put_file(&part_key(upload_id, chunk), &temp.path).await?;
        let size = temp.size as i64;
        drop(temp);
        sqlx::query(
            "insert into upload_parts (upload_id, chunk, size) values ($1, $2, $3)
             on conflict (upload_id, chunk) do update set size = excluded.size, created_at = now()",
        )
        .bind(upload_id)
        .bind(chunk as i32)
        .bind(size)
        .execute(db)
        .await?;

        // One request at a time decides whether the upload is complete.
        let mut tx = db.begin().await?;
        let locked: Option<bool> = sqlx::query_scalar("select completed_at is not null from uploads where id = $1 for update")
            .bind(upload_id)
            .fetch_optional(&mut *tx)
            .await?;
        if locked != Some(false) {
            return Err(AppError::conflict("该文件已上传完成"));
        }
        let (received,): (i64,) = sqlx::query_as("select count(*) from upload_parts where upload_id = $1")
            .bind(upload_id)
            .fetch_one(&mut *tx)
            .await?;
        if received < i64::from(chunks) {
            tx.commit().await?;
            return Ok(Chunked::Waiting { received });
        }
        // The file is assembled, stored and recorded in this same transaction: a request never
        // holds one pool connection while it waits for another.
        let stored = match assemble(store, temp_dir, upload_id, chunks).await {
            Ok(file) => self.store(&mut tx, store, &file).await,
            Err(e) => Err(e),
        };
        let outcome = match stored {
            Ok(stored) => {
                let finished = async {
                    sqlx::query("update uploads set completed_at = now() where id = $1").bind(upload_id).execute(&mut *tx).await?;
                    sqlx::query("delete from upload_parts where upload_id = $1").bind(upload_id).execute(&mut *tx).await?;
                    tx.commit().await
                };
                if let Err(e) = finished.await {
                    let _ = store.delete(self.key).await;
                    return Err(e.into());
                }
                Ok(stored)
            }
            Err(e) => {
                // A refused upload leaves nothing behind and can be tried again under a new policy.
                tx.rollback().await?;
                sqlx::query("delete from uploads where id = $1").bind(upload_id).execute(db).await?;
                Err(e)
            }
        };
        if let Err(e) = store.delete_prefix(&format!("partial/{upload_id}")).await {
            tracing::warn!(error = ?e, upload_id, "removing the chunks of a finished upload");
        }
        outcome.map(Chunked::Complete)
    }

    /// Checks the whole file, stores it and writes its record and job in `tx`, which the caller
    /// commits (removing the stored object when that fails).
    async fn store(&self, tx: &mut PgConnection, store: &Store, file: &TempFile) -> Result<Stored> {
        if !sniff::matches(self.extension, &file.head) {
            return Err(AppError::FILE_WRONG_TYPE);
        }
        let grant = self.grant;
        let tag = tags::find(&grant.tags).ok_or_else(|| AppError::field("tags", "请选择文件标签"))?;
        let purpose = tag.purpose(&grant.tag_value);
        already_stored(&mut *tx, self.key).await?;

        // Two uploads of the same content for the same purpose take turns here.
        sqlx::query("select pg_advisory_xact_lock(hashtextextended($1, 0))")
            .bind(format!("{purpose}:{}", hex::encode(file.sha256)))
            .execute(&mut *tx)
            .await?;
        let duplicate: bool = sqlx::query_scalar(
            "select exists(select 1 from files f
                           where f.purpose = $1 and f.sha256 = $2
                             and not exists (select 1 from jobs j where j.file_id = f.id and j.status = 'failed'))",
        )
        .bind(&purpose)
        .bind(&file.sha256[..])
        .fetch_one(&mut *tx)
        .await?;
        if duplicate {
            return Err(AppError::FILE_DUPLICATE);
        }
        store.put_file(self.key, &file.path).await?;
        let stored = async {
            let file_id = self.record(&mut *tx, &purpose, file).await?;
            let job_id = jobs::enqueue(&mut *tx, tag.id, Some(file_id), Some(self.admin_id), &grant.tag_value).await?;
            Ok(Stored { file_id, job_id })
        };
        match stored.await {
            Ok(stored) => Ok(stored),
            Err(e) => {
                let _ = store.delete(self.key).await;
                Err(e)
            }
        }
    }

    /// Writes the file record; answers its id.
    async fn record(&self, tx: &mut PgConnection, purpose: &str, file: &TempFile) -> Result<i64> {
        let grant = self.grant;
        let name: String = grant.original_file_name.chars().filter(|c| !c.is_control()).take(255).collect();
        let id = sqlx::query_scalar(
            "insert into files (file_name, path, mime_type, size, extension, description, tags, tag_value, purpose, sha256, admin_id)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id",
        )
        .bind(name)
        .bind(self.key)
        .bind(sniff::mime_type(self.extension))
        .bind(file.size as i64)
        .bind(self.extension)
        .bind(grant.description.chars().take(500).collect::<String>())
        .bind(&grant.tags)
        .bind(&grant.tag_value)
        .bind(purpose)
        .bind(&file.sha256[..])
        .bind(self.admin_id)
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| AppError::on_unique(e, "files_path_key", "key", "该文件已上传完成"))?;
        Ok(id)
    }
}

fn part_key(upload_id: i64, chunk: u32) -> String {
    format!("partial/{upload_id}/{chunk:05}")
}

/// Concatenates the chunks in index order into a temp file, counting and hashing.
async fn assemble(store: &Store, temp_dir: &Path, upload_id: i64, chunks: u32) -> Result<TempFile> {
    let mut writer = TempWriter::create(temp_dir, MAX_FILE_BYTES).await?;
    for chunk in 0..chunks {
        let (_, mut stream) = store
            .get(&part_key(upload_id, chunk))
            .await?
            .ok_or_else(|| AppError::Internal(anyhow::anyhow!("chunk {chunk} of upload {upload_id} is missing")))?;
        while let Some(bytes) = stream.try_next().await? {
            writer.write(&bytes).await?;
        }
    }
    writer.finish().await
}

async fn already_stored(db: impl sqlx::PgExecutor<'_>, key: &str) -> Result<()> {
    let exists: bool =
        sqlx::query_scalar("select exists(select 1 from files where path = $1)").bind(key).fetch_one(db).await?;
    if exists { Err(AppError::conflict("该文件已上传完成")) } else { Ok(()) }
}
