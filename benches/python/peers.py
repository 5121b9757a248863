"""What an analyst would use instead of adeval, timed on the same files in the same bench run.

    peers.py xlsx-ingest WORKBOOK OUT_DIR RUNS_PANDAS RUNS_CALAMINE
    peers.py xlsx-export OUT.xlsx RUNS PARQUET...
    peers.py certificate-ingest WORKBOOK OUT_DIR RUNS

Prints progress to stderr and one JSON line to stdout:
{"peers": [{"name", "runs": [seconds...], "rows", "note"} | {"name", "error"}]}.

Ingest peers read the customer-data workbook, give it the same types adeval does (broadcast
date, air time as a date-time with broadcast-day times past 24:00 on the next day, whole-second
duration, GRP as a float, texts) and write Parquet (zstd) like adeval's lake write, when
pyarrow is there. The export peer reads the lake's Parquet files and writes the same 13
columns with openpyxl, newest spot first, as adeval's export does. The certificate peer reads
a broadcast-certificate workbook with python-calamine, types it as adeval does (broadcast day,
air time past 24:00 on the next day, whole numbers, texts) and writes Parquet; it does not
resolve versions or periods against an order, which adeval's import does besides.
"""

import json
import sys
import time
import traceback
from pathlib import Path

SHEET = "客户数据"
COLUMNS = ["日期", "频道", "播出时间", "时长", "标题", "节目", "受众/城市组", "毛评点", "位置"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def typed(df):
    """The customer-data typing adeval-ingest applies, done the pandas way."""
    import pandas as pd

    date = pd.to_datetime(df["日期"].astype(str), format="%Y-%m-%d")
    air = date + pd.to_timedelta(df["播出时间"].astype(str))
    return pd.DataFrame(
        {
            "ymd": date,
            "channel": df["频道"].astype(str).str.strip(),
            "air_time": air,
            "duration": pd.to_numeric(df["时长"]).astype("int32"),
            "title": df["标题"].astype(str).str.strip(),
            "program": df["节目"].astype(str).str.strip(),
            "audience_group": df["受众/城市组"].astype(str).str.strip(),
            "grp": pd.to_numeric(df["毛评点"]).astype("float64"),
            "position": df["位置"].astype(str).str.strip(),
        }
    )


def has_pyarrow():
    try:
        import pyarrow  # noqa: F401

        return True
    except ImportError:
        return False


def write_parquet(df, out):
    if has_pyarrow():
        df.to_parquet(out, engine="pyarrow", compression="zstd", index=False)


def pandas_openpyxl(path, out):
    import pandas as pd

    df = pd.read_excel(path, sheet_name=SHEET, engine="openpyxl")
    t = typed(df)
    write_parquet(t, out)
    return len(t)


def python_calamine(path, out):
    import pandas as pd
    from python_calamine import CalamineWorkbook

    rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(SHEET).to_python()
    df = pd.DataFrame(rows[1:], columns=rows[0])
    t = typed(df)
    write_parquet(t, out)
    return len(t)


def timed(name, runs, fn, note):
    try:
        times, rows = [], 0
        for i in range(runs):
            start = time.perf_counter()
            rows = fn(i)
            times.append(time.perf_counter() - start)
            log(f"  {name} run {i + 1}/{runs}: {times[-1]:.2f} s ({rows} rows)")
        return {"name": name, "runs": times, "rows": rows, "note": note}
    except Exception as e:  # a peer that can't run is reported, not fatal
        traceback.print_exc(file=sys.stderr)
        return {"name": name, "error": f"{type(e).__name__}: {e}"}


def versions(*dists):
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for d in dists:
        try:
            found.append(f"{d} {version(d)}")
        except PackageNotFoundError:
            found.append(f"{d} missing")
    return ", ".join(found)


def xlsx_ingest(workbook, out_dir, runs_pandas, runs_calamine):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    parquet = "typed, written to Parquet (zstd)" if has_pyarrow() else "typed; NOT written to Parquet (no pyarrow)"
    return [
        timed(
            "pandas.read_excel(engine='openpyxl')",
            int(runs_pandas),
            lambda i: pandas_openpyxl(workbook, out_dir / f"pandas-{i}.parquet"),
            f"{parquet}; {versions('pandas', 'openpyxl', 'pyarrow')}",
        ),
        timed(
            "python-calamine → pandas",
            int(runs_calamine),
            lambda i: python_calamine(workbook, out_dir / f"calamine-{i}.parquet"),
            f"{parquet}; {versions('python-calamine', 'pandas', 'pyarrow')}",
        ),
    ]


def export_openpyxl(files, out):
    import pandas as pd

    df = pd.concat([pd.read_parquet(f) for f in files], ignore_index=True)
    df = df.sort_values(["air_time", "id"], ascending=False)
    category = {1: "初始数据", 2: "客户数据", 3: "公司数据", 4: "其他"}
    source = {1: "收视设置", 2: "快数据", 3: "实际播出"}
    sheet = pd.DataFrame(
        {
            "日期": df["ymd"].astype("datetime64[s]").dt.strftime("%Y-%m-%d"),
            "频道": df["channel"],
            "播出时间": df["air_time"].dt.strftime("%Y-%m-%d %H:%M:%S"),
            "时长": df["duration"],
            "标题": df["title"],
            "节目": df["program"],
            "时段归纳": df["time_period_class"],
            "受众/城市组": df["audience_group"],
            "毛评点": df["grp"],
            "位置": df["position"],
            "数据类别": df["category"].map(category),
            "数据来源": df["source"].map(source),
            "创建时间": df["created_at"].dt.strftime("%Y-%m-%d %H:%M:%S"),
        }
    )
    sheet.to_excel(out, sheet_name=SHEET, index=False, engine="openpyxl")
    return len(sheet)


def xlsx_export(out, runs, *files):
    return [
        timed(
            "pandas.read_parquet → to_excel(engine='openpyxl')",
            int(runs),
            lambda i: export_openpyxl(files, out),
            versions("pandas", "openpyxl", "pyarrow"),
        )
    ]


def certificate_calamine(path, out):
    import pandas as pd
    from python_calamine import CalamineWorkbook

    # The first row is the certificate's title, the second its header.
    rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_index(0).to_python()
    df = pd.DataFrame(rows[2:], columns=rows[1])
    date = pd.to_datetime(df["日期"].astype(str), format="%Y-%m-%d")
    t = pd.DataFrame(
        {
            "ymd": date,
            "air_time": date + pd.to_timedelta(df["播出时间"].astype(str)),
            "time_period": df["时段"].astype(str).str.strip(),
            "version": df["版本"].astype(str).str.strip(),
            "duration": pd.to_numeric(df["时长"]).astype("int32"),
            "position": df["位置"].astype(str).str.strip(),
            "num": pd.to_numeric(df["次数"]).astype("int32"),
        }
    )
    write_parquet(t, out)
    return len(t)


def certificate_ingest(workbook, out_dir, runs):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    parquet = "typed, written to Parquet (zstd)" if has_pyarrow() else "typed; NOT written to Parquet (no pyarrow)"
    return [
        timed(
            "python-calamine → pandas",
            int(runs),
            lambda i: certificate_calamine(workbook, out_dir / f"certificate-{i}.parquet"),
            f"{parquet}; {versions('python-calamine', 'pandas', 'pyarrow')}",
        )
    ]


def main(argv):
    commands = {"xlsx-ingest": xlsx_ingest, "xlsx-export": xlsx_export, "certificate-ingest": certificate_ingest}
    if len(argv) < 2 or argv[1] not in commands:
        log(__doc__)
        return 2
    peers = commands[argv[1]](*argv[2:])
    print(json.dumps({"peers": peers}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
