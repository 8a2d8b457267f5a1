/** ko-KR strings of the open platform's screens. */
import type { PlatformMessages } from './en-US';

const messages: PlatformMessages = {
  teamsTitle: '내 팀',
  teamsIntro: '각 팀에는 자체 시스템이 문서를 만들 때 쓰는 문서, 템플릿, API 키가 있습니다.',
  noTeams: '아직 속한 팀이 없습니다.',
  apiKeysOf: 'API 키',
  signInFirst: '팀을 보려면 Quire 서버에 로그인하세요.',
  signIn: '로그인',
  loading: '불러오는 중…',
  apiKeysTitle: 'API 키',
  apiKeysIntro:
    '키가 있으면 다른 시스템이 렌더 API로 이 팀의 인스턴스를 만들고 문서를 생성할 수 있습니다. “Authorization: Bearer <key>” 또는 “x-api-key”로 보내세요.',
  description: '설명',
  descriptionHint: '키를 쓰는 시스템(예: “청구”).',
  createKey: '키 만들기',
  newKeyTitle: '새 키',
  newKeyOnce: '지금 복사하세요. 이번 한 번만 표시됩니다. Quire는 키의 지문만 보관합니다.',
  done: '완료',
  noKeys: '이 팀에는 API 키가 없습니다.',
  keyPrefix: '시작 문자',
  created: '만든 날짜',
  lastUsed: '마지막 사용',
  neverUsed: '사용 안 함',
  deleteKey: '삭제',
  deleteTitle: '이 키를 삭제할까요?',
  deleteMessage: '“{{description}}”을(를) 쓰는 시스템은 이제부터 거부됩니다. 되돌릴 수 없습니다.',
  ownerOnly: '키는 팀 소유자와 관리자가 만들거나 삭제할 수 있습니다.',
  keysReadOnly:
    '이 팀의 키를 볼 수 있습니다. 키를 만들거나 삭제하는 것은 소유자와 관리자만 할 수 있으니 필요하면 그들에게 요청하세요.',
};

export default messages;
