import type { SavingMessages } from './en-US';

const koKR: SavingMessages = {
  status: {
    saved: '저장됨',
    saving: '저장 중…',
    failed: '저장 안 됨',
    conflict: '다른 곳에서 변경됨',
    retry: '다시 시도',
  },
  saving: {
    conflictTitle: '이 템플릿이 다른 탭에서 변경되었습니다',
    conflictIntro:
      '입력을 시작한 뒤 다른 탭이나 창에서 이 템플릿을 저장해 변경 사항이 아직 저장되지 않았습니다. 어떤 버전을 유지할지 선택할 때까지 이 기기에 보관됩니다.',
    theirs: '다른 탭에서 저장됨',
    mine: '저장되지 않은 내 변경 사항',
    takeTheirs: '상대 버전 사용',
    keepMine: '내 버전 유지',
    keepCopy: '내 버전을 사본으로 유지',
    unchanged: '나머지 {{n}}개 부분은 두 버전이 같거나 표시되지 않습니다.',
    absent: '이 버전에는 없음',
    noTextChanges: '텍스트는 같고 레이아웃이나 설정만 다릅니다.',
    copyName: '{{name}} (사본)',
    quota: '저장 공간이 가득 찼습니다. 최근 변경 사항이 저장되지 않았습니다.',
    unavailable: '브라우저 저장소를 사용할 수 없습니다. 최근 변경 사항이 저장되지 않았습니다.',
    bannerHelp: '이 탭을 열어 두세요. 공간을 확보한 뒤 다시 시도를 누르거나 저장되지 않은 작업을 다운로드하세요.',
    download: '저장되지 않은 작업 다운로드',
    leaveConfirm: '저장되지 않은 변경 사항이 있습니다. 그래도 나가시겠습니까?',
    leaveTitle: '변경 사항이 저장되지 않음',
    leave: '그래도 나가기',
    stay: '머무르기',
  },
};

export default koKR;
