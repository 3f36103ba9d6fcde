"""The common words of IT operations: what a question may be about without naming anything.

A question names its subject by specific tokens and rare words (``app.domain.relevance``); a
question in common words only ("why is it slow?", "what happened?", "is the site down?",
"为什么这么慢？") still asks about the systems the session diagnoses, in the words an operator
uses for them. These are a closed, semantic class, as the negators and the slot values are: the
troubles and states of a running system (slow, down, error, 超时), the things operations runs
(server, database, queue, 证书) and what an operator does to them (restart, deploy, 回滚). A
question whose topic words are none of these, and none of the evidence's, is about something
else ("a recipe for banana bread", "香蕉面包怎么做").

English words are compared by their key (``app.domain.alignment.Word``: "happened", "failing"
and "crashed" are "happen", "fail", "crash"); Chinese words as the segmenter cuts them.
"""

from __future__ import annotations

OPERATIONS_EN = frozenset("""
slow sluggish slowness latency lag laggy delay down outage offline unavailable unreachable unresponsive broken break
fail failure error crash hang hung freeze frozen stuck timeout wrong problem issue incident alert alarm warn
warning happen degrad spike drop leak full load busy overload throttl block reject refus retry bug glitch
flaky intermittent noisy loud hot expir expired disconnect lost loss corrupt stall stalled recover backlog
restart reboot deploy deployment release rollback roll upgrade update patch migrat config configuration
install scale resiz provision failover backup restore monitor investigat diagnos troubleshoot debug fix
server servers service site website web app application api system network internet connection database
disk memory cpu storage cache queue job cron pod node cluster container host machine instance certificate
cert dns domain login password account page request traffic user customer backend frontend endpoint gateway
proxy balancer firewall vpn email mail upload download payment checkout order build pipeline log metric
dashboard latenc throughput bandwidth packet port socket thread process kernel os vm volume bucket file
""".split())
OPERATIONS_ZH = frozenset("""
慢 卡 挂 卡顿 变慢 宕机 故障 报错 错误 异常 失败 超时 告警 报警 延迟 堆积 崩溃 中断 不可用 打不开 访问 登录
掉线 断开 丢失 泄漏 满 负载 繁忙 过载 限流 阻塞 拒绝 重试 抖动 恢复 事故 事件 出错 出问题 问题 排查 诊断 修复
重启 发布 上线 回滚 升级 更新 补丁 迁移 配置 安装 扩容 缩容 切换 备份 还原 监控 部署
服务器 服务 网站 网页 应用 接口 系统 网络 连接 数据库 磁盘 内存 存储 缓存 队列 任务 集群 节点 容器 主机 机器
实例 证书 域名 账号 密码 页面 请求 流量 用户 客户 后端 前端 网关 代理 防火墙 邮件 上传 下载 支付 订单 构建 流水线
日志 指标 带宽 端口 进程 线程 内核 虚拟机 存储桶 文件
""".split())
"""The class, in English and in Chinese (see the module)."""


def known(key: str) -> bool:
    """Whether a word (its key, case-folded) is a word of IT operations."""
    return key in OPERATIONS_EN or key in OPERATIONS_ZH or any(key.startswith(w) for w in OPERATIONS_EN if len(w) >= 6)


def mentioned(text: str) -> bool:
    """Whether ``text`` holds a Chinese word of IT operations anywhere in a run (Chinese is cut
    into words by the common vocabulary, which may cut 报错 into 报 and 错)."""
    return any(w in text for w in OPERATIONS_ZH if len(w) > 1)
